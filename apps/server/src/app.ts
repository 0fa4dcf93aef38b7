import type { Database } from '@quotewright/db';
import { QUOTE_VALIDITY_DEFAULT_DAYS } from '@quotewright/domain';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { bootstrapFirstAdmin, resolveInstallationId, resolveJwtSecret } from './bootstrap';
import type { Config } from './config';
import { createJobs, type Jobs } from './infra/jobs';
import { type SaleEvents, saleEvents } from './infra/sale-events';
import { settingsRepository } from './infra/settings.repository';
import { approvalsRepository } from './modules/approvals/approvals.repository';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { approvalsService } from './modules/approvals/approvals.service';
import { auditRepository } from './modules/audit/audit.repository';
import { auditRoutes } from './modules/audit/audit.routes';
import { type AuditRecorder, auditService } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { authService } from './modules/auth/auth.service';
import { deviceProof } from './modules/auth/device-cookie';
import { knownClientsRepository } from './modules/auth/known-clients.repository';
import { loginCodesRepository } from './modules/auth/login-codes.repository';
import { loginThrottle } from './modules/auth/login-throttle';
import { ssoRepository } from './modules/auth/sso.repository';
import { ssoRoutes } from './modules/auth/sso.routes';
import { ssoService, ssoSettings } from './modules/auth/sso.service';
import { tokenService } from './modules/auth/tokens';
import { catalogRepository } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { catalogService } from './modules/catalog/catalog.service';
import { companyRepository } from './modules/company/company.repository';
import { companyRoutes } from './modules/company/company.routes';
import { companyService } from './modules/company/company.service';
import type { ErpConnector } from './modules/erp/erp.types';
import { orderKeys } from './modules/erp/order-keys';
import { unconfiguredErp } from './modules/erp/unconfigured';
import type { DemoErp } from './modules/erp-order/demo-erp';
import { erpOrderRepository } from './modules/erp-order/erp-order.repository';
import { erpOrderRoutes } from './modules/erp-order/erp-order.routes';
import { erpOrderService } from './modules/erp-order/erp-order.service';
import { erpFetchRepository } from './modules/erpfetch/erpfetch.repository';
import { erpFetchRoutes } from './modules/erpfetch/erpfetch.routes';
import { erpFetchService, FETCH_QUEUE } from './modules/erpfetch/erpfetch.service';
import { exportsRepository } from './modules/exports/exports.repository';
import { exportsRoutes } from './modules/exports/exports.routes';
import { exportsService } from './modules/exports/exports.service';
import { healthRoutes } from './modules/health/health.routes';
import { createReadiness } from './modules/health/readiness';
import { type AppMetrics, createMetrics } from './modules/observability/metrics';
import { httpMetrics, metricsRoutes } from './modules/observability/metrics.routes';
import { opsRoutes } from './modules/ops/ops.routes';
import { partnersRepository } from './modules/partners/partners.repository';
import { partnersRoutes } from './modules/partners/partners.routes';
import { partnersService } from './modules/partners/partners.service';
import { createRealtime, type Realtime } from './modules/realtime/realtime.gateway';
import { reportsRepository } from './modules/reports/reports.repository';
import { reportsRoutes } from './modules/reports/reports.routes';
import { reportsService } from './modules/reports/reports.service';
import { revisionsRepository } from './modules/revisions/revisions.repository';
import { revisionsRoutes } from './modules/revisions/revisions.routes';
import { type RevisionsService, revisionsService } from './modules/revisions/revisions.service';
import { activityRepository } from './modules/sales/activity.repository';
import { activityService } from './modules/sales/activity.service';
import { saleImportService } from './modules/sales/sale-import.service';
import { saleSyncRepository } from './modules/sales/sale-sync.repository';
import { saleSyncRoutes } from './modules/sales/sale-sync.routes';
import { type SaleSyncDeps, SYNC_QUEUE, saleSyncService } from './modules/sales/sale-sync.service';
import { salesRepository } from './modules/sales/sales.repository';
import { salesRoutes } from './modules/sales/sales.routes';
import { salesService } from './modules/sales/sales.service';
import { salesErpRepository } from './modules/sales/sales-erp.repository';
import { saleTemplatesRoutes } from './modules/templates/sale-templates.routes';
import { saleTemplatesService } from './modules/templates/sale-templates.service';
import { templatesRepository } from './modules/templates/templates.repository';
import { templatesRoutes } from './modules/templates/templates.routes';
import { templatesService } from './modules/templates/templates.service';
import { usersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { usersService } from './modules/users/users.service';
import { registerApiDocs } from './plugins/api-docs';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { logMixin, registerRequestId, requestIdOf } from './plugins/request-id';
import { RequestLog } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/static';
import { closeConnectionsWhileDraining } from './shutdown';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: { method: string; url: string }[];
    /** This app's Prometheus metrics (modules/observability). */
    metrics: AppMetrics;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Pass false to keep tests quiet; otherwise pino at config.LOG_LEVEL. */
  logger?: boolean;
  now?: () => number;
  /** The ERP connector (main.ts builds it: a real Odoo or the built-in simulator). */
  erp?: ErpConnector;
  /** Set when `erp` is the built-in simulator: 'Open in Odoo' opens the app's own read-only page of the order. */
  erpDemo?: DemoErp;
  /** Run background job workers in this process (default true). */
  workers?: boolean;
  /** The sale event bus (tests publish on it); a new one by default. */
  events?: SaleEvents;
  /** Timings of the ERP publish/sync jobs (tests shorten them). */
  saleSync?: Pick<SaleSyncDeps, 'staleAfterMs' | 'retryDelaySeconds' | 'maxAttempts' | 'today'>;
  /** Told each time a sale is serialized as JSON (tests of the serialized-sale cache). */
  onSaleSerialized?: (saleId: string, tag: string) => void;
  /** The embedded data directory's lock secret: `npm run backup` may then ask this server for a dump (ops.routes). */
  opsSecret?: string;
}

/** Used when no ERP was given (tests that do not need one): every call says so clearly. */
function noErp(): ErpConnector {
  return unconfiguredErp('No ERP connection is configured');
}

/** The API's version in its OpenAPI document: the contract changes with the app (one repository, one release). */
const API_VERSION = '1.0.0';

export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password2',
  '*.token',
  '*.apiKey',
];

/**
 * The Fastify instance with everything every route relies on: logging, the route table, zod validation and
 * serialization, problem answers, security headers, compression and the accepted body types.
 */
async function createHttp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      opts.logger === false || config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: REDACT, mixin: logMixin },
    logController: new RequestLog(),
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
    // A caller's X-Request-Id when it is a plain token, else a new UUID (plugins/request-id.ts).
    genReqId: requestIdOf,
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  // First of all hooks: the id's answer header and its async context (every later hook and log line sees it).
  registerRequestId(app);
  app.decorate('metrics', createMetrics({ pool: database.poolStats?.bind(database) }));
  httpMetrics(app, app.metrics);
  // Every route, as Fastify registered it: the authorization matrix test reads this list.
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, { isDatabaseUnavailable: (err) => database.isUnavailable(err) });
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // An internal tool is often served over plain HTTP on the LAN: upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
  });
  // Before any route: the plugin attaches itself to each route as it is registered.
  await registerCompression(app);
  // JSON only (and form bodies for the password form): a text body is refused with 415, never parsed.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  return app;
}

/**
 * Approvals (decision 0030): the publish's gate judges the content a run sends; an edit that breaks a rule voids a
 * standing approval (after commit, on the bus). A request freezes a revision (source 'approval') through the
 * revisions service, made later in buildApp (before any request is served).
 */
async function createApprovals(
  app: FastifyInstance,
  db: Database['db'],
  events: SaleEvents,
  revisions: () => RevisionsService | undefined,
  audit: AuditRecorder,
) {
  const company = companyRepository(db);
  const approvals = approvalsService({
    repo: approvalsRepository(db),
    readSale: (saleId) => saleSyncRepository(db).snapshot(saleId),
    events,
    currency: () => company.currency(),
    freezeRevision: async (actor, saleId, comment) => {
      const r = revisions();
      return r ? { id: (await r.freeze(actor, saleId, 'approval', comment))._id } : null;
    },
    log: app.log,
    audit,
  });
  const stopWatching = await approvals.watch();
  app.addHook('onClose', async () => stopWatching());
  return approvals;
}

/** Sign-in and tokens: the token secret (made once, kept in settings), the login throttle and known devices. */
async function createAuth(
  opts: BuildAppOptions,
  settings: ReturnType<typeof settingsRepository>,
  usersRepo: ReturnType<typeof usersRepository>,
) {
  const { config, database } = opts;
  const { db } = database;
  const secret = await resolveJwtSecret(config, settings);
  const tokens = tokenService(secret, config.TOKEN_TTL, opts.now);
  return authService(
    {
      users: usersRepo,
      loginCodes: loginCodesRepository(db),
      tokens,
      throttle: loginThrottle(
        {
          perPair: config.LOGIN_MAX_FAILURES_PER_EMAIL,
          perEmail: config.LOGIN_EMAIL_BACKOFF_AFTER,
          perAddress: config.LOGIN_MAX_FAILURES_PER_IP,
          windowSeconds: config.LOGIN_WINDOW,
        },
        opts.now,
      ),
      knownClients: knownClientsRepository(db),
      devices: deviceProof(secret),
    },
    opts.now,
  );
}

/**
 * Health, readiness and metrics (README "Operations"): /api/health, /api/ready (its `markDraining` on
 * `app.readiness`), GET /metrics, and what the metrics hear: sale edits on the bus, ERP requests, sockets and queues.
 */
function registerOperations(
  app: FastifyInstance,
  deps: { opts: BuildAppOptions; ping: () => Promise<void>; events: SaleEvents; jobs: Jobs; realtime: Realtime },
) {
  const { opts, events, realtime } = deps;
  const { config } = opts;
  const metrics = app.metrics;
  metrics.watch({ sockets: () => realtime.stats(), queues: () => deps.jobs.sizes() });
  deps.jobs.observe(metrics.jobDone);
  const stopEdits = events.subscribe((e) => {
    if (e.type === 'sale_changed') metrics.saleEdited();
  });
  const stopErp = opts.erp?.observe?.((e) => metrics.erpAttempt(e));
  app.addHook('onClose', async () => {
    stopEdits();
    stopErp?.();
  });
  const erp = opts.erp;
  const readiness = createReadiness({
    database: deps.ping,
    redis: realtime.pingRedis,
    erp: erp?.ping ? (timeoutMs) => erp.ping!(timeoutMs) : undefined,
    log: app.log,
  });
  healthRoutes(app, { ping: deps.ping, readiness });
  metricsRoutes(app, { metrics, token: config.METRICS_TOKEN, allow: config.METRICS_ALLOW });
}

/**
 * The publish/sync workers. Runs whose process died (heartbeat stopped) are taken over: now, and every quarter of the
 * stale limit, at most every minute (the returned timer). The embedded database serves this process alone: at start,
 * every run still active lost its process.
 */
async function syncWorkers(
  jobs: Jobs,
  saleSync: ReturnType<typeof saleSyncService>,
  engine: Database['engine'],
  log: FastifyBaseLogger,
  staleAfterMs: number,
): Promise<NodeJS.Timeout> {
  await jobs.work(SYNC_QUEUE, (job: { runId: string }) => saleSync.execute(job), { concurrency: 2 });
  const recover = (orphaned = false) =>
    saleSync
      .recover(undefined, { orphaned })
      .catch((err) => log.error({ err }, 'could not resume the interrupted ERP sale syncs'));
  await recover(engine === 'pglite');
  const sweep = setInterval(() => void recover(), Math.min(60_000, Math.max(1000, staleAfterMs / 4)));
  sweep.unref();
  return sweep;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = await createHttp(opts);
  const { db } = database;
  const log = app.log;
  const settings = settingsRepository(db);
  const usersRepo = usersRepository(db);
  await bootstrapFirstAdmin(config, usersRepo, settings, log);
  const auth = await createAuth(opts, settings, usersRepo);
  const keys = orderKeys(await resolveInstallationId(settings));
  const events = opts.events ?? saleEvents((err) => log.error({ err }, 'a sale event listener failed'));
  // A user whose rights, password or account changed is read again on the next request (before the sockets'
  // re-check, which subscribes later).
  events.subscribe((e) => e.type === 'user_changed' && auth.forget(e.userId));
  // The admin audit log (decision 0033): the admin actions below write their entries through it.
  const audit = auditService({ repo: auditRepository(db), log });
  const users = usersService(usersRepo, (userId) => events.publish({ type: 'user_changed', userId }), audit.record);
  const catalogRepo = catalogRepository(db);
  const companyRepo = companyRepository(db);
  const jobs = createJobs(database.executeSql, log, { isConnectionLost: (err) => database.isUnavailable(err) });
  const erpFetch = erpFetchService({
    runs: erpFetchRepository(db),
    catalog: catalogRepo,
    partners: partnersRepository(db),
    company: companyRepo,
    salesErp: salesErpRepository(db, keys),
    events,
    jobs,
    erp: opts.erp ?? noErp(),
    log,
    audit: audit.record,
    staleAfterMs: opts.config.RUN_STALE_AFTER * 1000,
  });
  if (opts.workers !== false)
    await jobs.work(FETCH_QUEUE, (job: { runId: string; kind: 'products' | 'sales' | 'contacts' }) =>
      erpFetch.execute(job),
    );
  const approvals = await createApprovals(app, db, events, () => revisions, audit.record);
  // Revisions (decision 0029) need the sales service, made below; the hooks that reach them run later (async: a
  // call before then is a logged failure, never the caller's).
  // biome-ignore lint/style/useConst: assigned below, once the sales service it uses exists
  let revisions: RevisionsService | undefined;
  const saleSync = saleSyncService({
    onSent: async (sent) => revisions?.saveSent(sent),
    approvalGate: (full) => approvals.publishGate(full),
    quoteValidityDays: async () => (await companyRepo.quoteValidityDays()) ?? QUOTE_VALIDITY_DEFAULT_DAYS,
    repo: saleSyncRepository(db),
    keys,
    erp: opts.erp ?? noErp(),
    jobs,
    events,
    log,
    staleAfterMs: opts.config.RUN_STALE_AFTER * 1000,
    ...opts.saleSync,
  });
  const sweep =
    opts.workers === false
      ? undefined
      : await syncWorkers(jobs, saleSync, database.engine, log, opts.config.RUN_STALE_AFTER * 1000);
  app.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep);
    await jobs.stop();
  });

  registerAuth(app, auth);
  registerInputGuard(app);
  opsRoutes(app, { secret: opts.opsSecret, dump: database.engine === 'pglite' ? database.dump : undefined });
  closeConnectionsWhileDraining(app);
  const sso = ssoSettings(config);
  authRoutes(app, { auth, ssoProvider: sso?.provider ?? null, erpName: 'Odoo' });
  ssoRoutes(app, {
    sso: sso
      ? ssoService({
          settings: sso,
          repo: ssoRepository(db),
          users: usersRepo,
          loginCodes: loginCodesRepository(db),
          log,
          now: opts.now,
          audit: audit.record,
        })
      : null,
  });
  usersRoutes(app, { users });
  catalogRoutes(app, { catalog: catalogService(catalogRepo) });
  partnersRoutes(app, { partners: partnersService(partnersRepository(db)) });
  erpFetchRoutes(app, { erpFetch });
  companyRoutes(app, { company: companyService(companyRepo, audit.record) });
  const salesRepo = salesRepository(db, database.prepared);
  const exports = exportsService({
    sales: salesRepo,
    exports: exportsRepository(db),
    now: opts.now,
    revisions: async (saleId, quoteNumber) => (revisions ? revisions.documents(saleId, quoteNumber) : []),
    company: companyRepo,
    partners: partnersRepository(db),
  });
  const erpOrders = erpOrderService({
    erp: opts.erp ?? noErp(),
    demo: opts.erp ? (opts.erpDemo ?? null) : null,
    repo: erpOrderRepository(db),
  });
  const sales = salesService(salesRepo, {
    ...(opts.erp ? { erp: { saleUrl: (odooId: number) => erpOrders.saleUrl(odooId) } } : {}),
    events,
    ...(opts.onSaleSerialized ? { onSerialized: opts.onSaleSerialized } : {}),
  });
  // Socket.IO on the same HTTP server (path /socket.io); closed before the server so no socket holds it open.
  const realtime = await createRealtime(app.server, {
    auth,
    sales,
    saleSync,
    events,
    log,
    redisUrl: config.REDIS_URL,
    redisPrefix: config.REDIS_PREFIX,
  });
  app.addHook('preClose', () => realtime.close());
  registerOperations(app, { opts, ping: () => settings.ping(), events, jobs, realtime });
  salesRoutes(app, {
    sales,
    importSale: saleImportService({ sales: salesRepo, events }).importSale,
    activity: activityService({ activity: activityRepository(db), sales: salesRepo }),
  });
  saleSyncRoutes(app, { saleSync });
  revisions = revisionsService({ repo: revisionsRepository(db), sales, log });
  revisionsRoutes(app, { revisions });
  approvalsRoutes(app, { approvals });
  auditRoutes(app, { audit });
  erpOrderRoutes(app, { erpOrders });
  const templatesRepo = templatesRepository(db);
  templatesRoutes(app, { templates: templatesService(templatesRepo) });
  saleTemplatesRoutes(app, { saleTemplates: saleTemplatesService({ sales, templates: templatesRepo }) });
  exportsRoutes(app, { exports });
  reportsRoutes(app, {
    reports: reportsService({ erp: opts.erp ?? noErp(), repo: reportsRepository(db), log }),
  });
  registerApiDocs(app, { version: API_VERSION });
  await registerSpa(app, config.WEB_DIST);
  return app;
}
