// Publish and sync a sale to the ERP (issue 11; SPEC §2, §4, §6, §7; DESIGN §6). `start` (the socket's sync_odoo)
// checks rights, state and the pre-publish problems, records a run and queues a pg-boss job; one run per sale at a
// time. The job (`execute`) sends the sale through the connector (publishSale: idempotent by origin; syncSale: a
// diff by stored ERP line ids), reads the order back, and stores what it brings (ERP ids, state, flags) on the
// sale. Progress goes to the sale's room as `odoo_sync_status` and is kept in the sale's run (the run tracker,
// infra/runs.ts: one run per sale at a time, its heartbeat and lease; docs/decisions/0025-one-run-tracker.md).
//
// Exactly one ERP order per sale: the publish looks the order up by origin before creating; an answer the ERP did
// not give (timeout, dropped connection) is "unknown", never "failed": the run goes back to the queue and the
// retry finds the order instead of creating a second. Only the sale's own orders are ever written to: the origin
// carries a key only this installation writes for this sale (order-keys.ts), and every sync checks that the
// linked order is still provably the sale's before writing (docs/decisions/0017). A run whose process died (heartbeat stopped) is taken over
// by the next sweep or request (`recover`), under a new lease: the old job, if it still runs, can change nothing.
//
// The job runs as steps (syncRun): read the sale (readSale), plan what to send (planSend), send it (sendToErp), read
// the order back (readBack), save what it brings (saveResult); a failure is judged once (onFailure).
import type { OdooSyncStatus, SyncCheck, SyncProblem } from '@quotewright/contracts';
import type { SaleRow } from '@quotewright/db';
import {
  canSyncSale,
  effectiveValidityDays,
  isEditableState,
  money,
  QUOTE_VALIDITY_DEFAULT_DAYS,
  quoteExpiryDate,
  saleStateLabel,
  toDecimal,
  todayIn,
} from '@quotewright/domain';
import { AppError, forbidden, notFound } from '../../errors';
import type { Jobs } from '../../infra/jobs';
import { LeaseLost, type Run, type RunContext, runTracker } from '../../infra/runs';
import type { SaleEvents } from '../../infra/sale-events';
import { type AuthUser, authorize, can } from '../../policy';
import { isOutcomeUnknown } from '../erp/connector';
import { ErpError, OrderNotEditable } from '../erp/erp.errors';
import type { ErpConnector, ErpOrderOwner, ErpProgress, ErpSale, ErpSaleDraft } from '../erp/erp.types';
import { type OrderKeys, parseOrigin } from '../erp/order-keys';
import {
  draftSize,
  problemsText,
  saleDraft,
  saleProblems,
  saleUntaxedTotal,
  saleWarnings,
  withLineIds,
} from './sale-sync.draft';
import { OrderLinkedElsewhere, type SaleSyncDetail, type SaleSyncRepository, SYNC_QUEUE } from './sale-sync.repository';
import type { FullSale } from './sales.repository';
import { saleImport } from './sales-erp.mapping';
import type { ErpSaleImport } from './sales-erp.repository';

export { SYNC_QUEUE };

/** A publish/sync run: its state, progress and message, and what it asked and did (SaleSyncDetail). */
export type SaleSyncRun = Run<SaleSyncDetail>;

/** sync_odoo refused because of what the ERP would refuse: the problems travel with the refusal. */
export class SyncProblemsError extends AppError {
  constructor(readonly problems: SyncProblem[]) {
    super('VALIDATION_FAILED', problemsText(problems));
  }
}

const NO_RIGHTS = 'You do not have permission to publish or sync sales: full rights on sales are needed';

const notSyncable = (state: SaleRow['state']) =>
  new AppError(
    'SALE_NOT_EDITABLE',
    `This sale is ${saleStateLabel(state)} (${state}): only quotes in draft or sent can be published or synced`,
  );

/** Thrown to pg-boss so it retries the job after its delay. */
class RetryLater extends Error {}

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SaleSyncDeps {
  repo: SaleSyncRepository;
  /** This installation's order keys: which ERP orders are a sale's. */
  keys: OrderKeys;
  erp: ErpConnector;
  jobs: Jobs;
  events?: SaleEvents | undefined;
  log: Log;
  /** A running job silent for this long lost its process; its run is taken over. Default 10 minutes. */
  staleAfterMs?: number;
  /** Seconds before a run whose ERP answer was lost is tried again. Default 30. */
  retryDelaySeconds?: number;
  /** Attempts of one run before an unknown outcome is reported as such. Default 3. */
  maxAttempts?: number;
  /**
   * Approvals (decision 0030): the reasons the content being sent needs an approval it does not have, judged on the
   * very snapshot a run sends (and by the pre-publish check and the start).
   */
  approvalGate?: ((full: FullSale) => Promise<SyncProblem[]>) | undefined;
  /**
   * Revisions (decision 0029): told after each successful publish/sync with the sale as it was sent and its row after
   * the sync (a revision "sent to ERP"). Never fails the sync: a failure is logged.
   */
  onSent?: ((sent: { full: FullSale; synced: SaleRow; by: { id: string; name: string } }) => Promise<void>) | undefined;
  /** "Quote validity (days)" (decision 0031): the sale's validity when it has none of its own. Default 30. */
  quoteValidityDays?: (() => Promise<number>) | undefined;
  /** Today 'YYYY-MM-DD' (UTC): the day a publish/sync sends the quotation. Tests fix it. */
  today?: (() => string) | undefined;
}

/**
 * The origins a publish may use, in order: `base`, then the next numbers (`Q00001` → `Q00001-2`, `Q00001-3`…;
 * `Q00001-2` → `Q00001-3`…). An origin already taken by someone else's order is skipped (see chooseOrigin).
 */
export function originCandidates(base: string, n = 10): string[] {
  const m = /^(.*?)-(\d+)$/.exec(parseOrigin(base).slot);
  const prefix = m ? m[1]! : parseOrigin(base).slot;
  const start = m ? Number(m[2]) : 1;
  return Array.from({ length: n }, (_, i) => (start + i === 1 ? prefix : `${prefix}-${start + i}`));
}

const STATE_OF: Record<SaleSyncRun['status'], OdooSyncStatus['state']> = {
  queued: 'queued',
  running: 'syncing',
  succeeded: 'synced',
  failed: 'error',
  unknown: 'unknown',
};

type Counts = { created: number; updated: number; deleted: number };
const counts = (c: Counts): Counts => ({ created: c.created, updated: c.updated, deleted: c.deleted });

export function toSyncStatus(sale: SaleRow, run: SaleSyncRun | undefined): OdooSyncStatus {
  const saleFlags = {
    linked: sale.odooId !== null,
    synced: sale.odooSynced,
    syncedOn: sale.odooSyncedOn?.toISOString() ?? null,
    error: sale.odooSyncError,
    errorMessage: sale.odooSyncMessage,
  };
  if (!run)
    return {
      saleId: sale.id,
      runId: null,
      state: 'idle',
      action: null,
      createNew: false,
      progress: 0,
      message: null,
      odooId: sale.odooId,
      odooName: sale.odooName,
      lines: null,
      sections: null,
      totals: null,
      startedBy: null,
      startedAt: null,
      finishedAt: null,
      sale: saleFlags,
    };
  const d = run.detail;
  return {
    saleId: sale.id,
    runId: run.id,
    state: STATE_OF[run.status],
    action: d.action,
    createNew: d.createNew,
    progress: run.progress,
    message: run.message,
    odooId: d.odooId ?? (d.createNew ? null : sale.odooId),
    odooName: d.odooName ?? (d.createNew ? null : sale.odooName),
    lines: d.lines ? counts(d.lines) : null,
    sections: d.sections ? counts(d.sections) : null,
    totals:
      d.ourTotal != null && d.erpTotal != null
        ? {
            ours: money(toDecimal(d.ourTotal)),
            erp: money(toDecimal(d.erpTotal)),
            match: toDecimal(d.ourTotal).eq(toDecimal(d.erpTotal)),
          }
        : null,
    startedBy: { name: run.startedByName },
    startedAt: (run.startedAt ?? run.createdAt).toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    sale: saleFlags,
  };
}

/** "lines 2 added, 1 changed; sections 1 added", or "nothing to change". */
export function changesText(lines: Counts, sections: Counts): string {
  const part = (c: Counts, label: string) => {
    const bits = [
      c.created ? `${c.created} added` : '',
      c.updated ? `${c.updated} changed` : '',
      c.deleted ? `${c.deleted} removed` : '',
    ].filter(Boolean);
    return bits.length === 0 ? '' : `${label} ${bits.join(', ')}`;
  };
  return [part(lines, 'lines'), part(sections, 'sections')].filter(Boolean).join('; ') || 'nothing to change';
}

/** What the steps of a publish/sync use. */
interface SyncEnv {
  repo: SaleSyncRepository;
  keys: OrderKeys;
  erp: ErpConnector;
  events: SaleEvents | undefined;
  log: Log;
  retryDelaySeconds: number;
  maxAttempts: number;
  approvalGate?: SaleSyncDeps['approvalGate'];
  onSent?: SaleSyncDeps['onSent'];
  quoteValidityDays: () => Promise<number>;
  today: () => string;
}

/**
 * The draft with the quotation's expiry (decision 0031): the day it is sent + the sale's validity (or the setting's).
 * payment_term_id is never sent: Odoo takes the customer's.
 */
async function withValidity(env: SyncEnv, full: FullSale, draft: ErpSaleDraft): Promise<ErpSaleDraft> {
  const days = effectiveValidityDays(full.sale.validityDays, await env.quoteValidityDays());
  const validityDate = quoteExpiryDate(env.today(), days);
  return validityDate ? { ...draft, validityDate } : draft;
}

function announce(env: SyncEnv, sale: SaleRow, run: SaleSyncRun | undefined): OdooSyncStatus {
  const status = toSyncStatus(sale, run);
  env.events?.publish({ type: 'odoo_sync_status', status });
  return status;
}

async function problemsOf(env: Pick<SyncEnv, 'repo' | 'approvalGate'>, full: FullSale): Promise<SyncProblem[]> {
  const own = await catalogProblemsOf(env.repo, full);
  return env.approvalGate ? [...own, ...(await env.approvalGate(full))] : own;
}

async function catalogProblemsOf(repo: SaleSyncRepository, full: FullSale): Promise<SyncProblem[]> {
  const ids = [
    ...new Set(
      full.sections.flatMap((s) =>
        s.lines.flatMap((l) => (l.kind === 'product' && l.productId !== null ? [l.productId] : [])),
      ),
    ),
  ];
  const catalog = new Map((await repo.productsByIds(ids)).map((p) => [p.id, p]));
  return saleProblems(full, (id) => catalog.get(id));
}

/**
 * The origin this publish uses: the quote number (`Q00001-2`… for 'Sync to new Sale') followed by the sale's key,
 * so only this sale's own orders ever match it. The first candidate with no order, or whose order is one this sale
 * lost the answer of (no sale links it yet, or this sale does and no new order is wanted). Orders of other
 * installations, of people, or of an older system never match a keyed origin. Deterministic: a retry picks the
 * same one.
 */
async function chooseOrigin(env: SyncEnv, sale: SaleRow, base: string, createNew: boolean): Promise<string> {
  const candidates = originCandidates(base).map((slot) => env.keys.origin(slot, sale.id));
  const found = await env.erp.ordersByOrigin(candidates);
  for (const origin of candidates) {
    // publishSale adopts the oldest order of the origin (a person's Duplicate of it is newer)
    const order = found.find((o) => o.origin === origin);
    if (!order) return origin;
    const linked = await env.repo.saleWithOrder(order.odooId);
    if (linked === undefined || (linked.id === sale.id && !createNew)) return origin;
  }
  throw new ErpError(
    'validation',
    `This sale already has orders in the ERP under ${parseOrigin(candidates[0]!).slot} to ${parseOrigin(candidates.at(-1)!).slot}: no further new order can be made for it`,
  );
}

/**
 * What proves the linked order is the sale's (ErpOrderOwner): its key; and the order recorded for it — its creation
 * time as read at the sales fetch or the last publish/sync, or, for an order published before those were kept,
 * the origin its publish recorded.
 */
async function ownerOf(env: SyncEnv, sale: SaleRow): Promise<ErpOrderOwner> {
  const key = env.keys.key(sale.id);
  if (sale.odooId === null || sale.odooName === null) return { key, recorded: null };
  if (sale.odooCreatedAt !== null)
    return { key, recorded: { name: sale.odooName, createdAt: sale.odooCreatedAt, origin: null } };
  const origin = await env.repo.publishedOrigin(sale.id, sale.odooId);
  return { key, recorded: origin ? { name: sale.odooName, createdAt: null, origin } : null };
}

// ─── The job, step by step ──────────────────────────────────────────────────────────────────────────────────────

/** One claimed run as its steps see it: everything written names its lease (ctx). */
interface SyncJob {
  ctx: RunContext<SaleSyncDetail>;
  /** The run as claimed (its attempt is the lease). */
  run: SaleSyncRun;
  /** The sale as last read: every status announced carries its flags. */
  sale: SaleRow;
  /** Who the sale's changes are announced as. */
  by: { id: string; name: string };
  /** Progress: announced to the sale's room at once, written in order (ctx.report). */
  report(progress: number, message: string, detail?: Partial<SaleSyncDetail>): void;
}

/** What a run sends: publish (a new order) or sync (the linked one), the draft, and what proves the order is ours. */
interface SendPlan {
  publish: boolean;
  linkedId: number | null;
  draft: ErpSaleDraft;
  owner: ErpOrderOwner;
  ourTotal: string;
}

/** What the ERP answered: the order, its line ids, what changed, and the status message saying it. */
interface Sent {
  odooId: number;
  lineIds: { localId: string; odooLineId: number }[];
  /** Odoo 18: local line → sale.order.option id */
  optionIds: { localId: string; odooLineId: number }[];
  lines: Counts;
  sections: Counts;
  what: string;
}

/** The job of one claimed run (the run tracker calls it under the run's lease). */
async function syncRun(env: SyncEnv, ctx: RunContext<SaleSyncDetail>): Promise<void> {
  const run = ctx.run;
  const sale = await env.repo.saleRow(run.key);
  if (!sale) {
    await ctx.finish({ status: 'failed', message: 'The sale was deleted' });
    return;
  }
  const job: SyncJob = {
    ctx,
    run,
    sale,
    by: { id: run.startedById ?? 'erp', name: run.startedByName ?? 'ERP' },
    report: (progress, message, detail) => {
      announce(env, job.sale, ctx.report(progress, message, detail));
    },
  };
  try {
    job.report(1, run.attempt > 1 ? `Trying again (attempt ${run.attempt} of ${env.maxAttempts})` : 'Reading the sale');
    const full = await readSale(env, job);
    if (!full) return;
    const plan = await planSend(env, job, full);
    const sent = await sendToErp(env, job, plan);
    const back = await readBack(env, job, sent.odooId);
    await saveResult(env, job, full, plan, sent, back);
  } catch (err) {
    await onFailure(env, job, err);
  }
}

/** The sale as it is sent (one snapshot); undefined when the run ended instead (deleted, not editable, problems). */
async function readSale(env: SyncEnv, job: SyncJob): Promise<FullSale | undefined> {
  const full = await env.repo.snapshot(job.run.key);
  if (!full) {
    await job.ctx.finish({ status: 'failed', message: 'The sale was deleted' });
    return undefined;
  }
  job.sale = full.sale;
  if (!isEditableState(full.sale.state)) {
    await finishFailed(env, job, 'failed', notSyncable(full.sale.state).message);
    return undefined;
  }
  const problems = await problemsOf(env, full);
  if (problems.length > 0) {
    await finishFailed(env, job, 'failed', problemsText(problems));
    return undefined;
  }
  return full;
}

/** Publish or sync, under which origin, with what draft, and what proves the linked order is the sale's. */
async function planSend(env: SyncEnv, job: SyncJob, full: FullSale): Promise<SendPlan> {
  const { detail } = job.run;
  const linkedId = full.sale.odooId;
  const publish = detail.action === 'publish' || linkedId === null;
  let origin = detail.origin ?? full.sale.quoteNumber;
  if (publish) {
    job.report(2, 'Looking for the order in the ERP');
    origin = await chooseOrigin(env, full.sale, origin, detail.createNew);
    if (origin !== detail.origin) job.report(3, `Publishing under ${parseOrigin(origin).slot}`, { origin });
  }
  const owner: ErpOrderOwner = publish
    ? { key: env.keys.key(full.sale.id), recorded: null }
    : await ownerOf(env, full.sale);
  // A publish makes a new order: the line ids of an order the sale was linked to before do not apply.
  const base = await withValidity(env, full, saleDraft(full, origin));
  const draft = publish ? withLineIds(base, []) : base;
  return { publish, linkedId, draft, owner, ourTotal: saleUntaxedTotal(full) };
}

/** Sends the sale through the connector: a publish (finding the order an earlier attempt made) or a sync. */
async function sendToErp(env: SyncEnv, job: SyncJob, plan: SendPlan): Promise<Sent> {
  const { draft, owner } = plan;
  /** Connector progress (0–100) mapped into [from, to] of the whole run. */
  const scaled = (from: number, to: number) => (p: ErpProgress) =>
    job.report(from + ((to - from) * p.progress) / 100, p.message);
  if (!plan.publish && plan.linkedId !== null) {
    const synced = await env.erp.syncSale(plan.linkedId, draft, owner, scaled(3, 85));
    const lines = { created: synced.created, updated: synced.updated, deleted: synced.deleted };
    const sections = counts(synced.sections);
    const what = `Synced with ${synced.name}: ${changesText(lines, sections)}`;
    return { odooId: synced.odooId, lineIds: synced.lineIds, optionIds: synced.optionIds ?? [], lines, sections, what };
  }
  const pub = await env.erp.publishSale(draft, scaled(3, 60));
  job.report(60, pub.alreadyPublished ? 'Found the order in the ERP' : 'Order created', {
    odooId: pub.odooId,
    odooName: pub.name,
  });
  if (!pub.alreadyPublished) {
    const lines = { created: draftSize(draft) - draft.sections.length, updated: 0, deleted: 0 };
    const sections = { created: draft.sections.length, updated: 0, deleted: 0 };
    return {
      odooId: pub.odooId,
      lineIds: pub.lineIds,
      optionIds: pub.optionIds ?? [],
      lines,
      sections,
      what: `Published as ${pub.name}`,
    };
  }
  // An earlier attempt created it (its answer was lost, or the sale changed since): bring it in line.
  const synced = await env.erp.syncSale(
    pub.odooId,
    withLineIds(draft, pub.lineIds, pub.optionIds ?? []),
    owner,
    scaled(60, 85),
  );
  return {
    odooId: pub.odooId,
    lineIds: synced.lineIds,
    optionIds: synced.optionIds ?? [],
    lines: { created: synced.created, updated: synced.updated, deleted: synced.deleted },
    sections: counts(synced.sections),
    what: `Published as ${synced.name || pub.name} (the order an earlier attempt created was found and updated)`,
  };
}

/** The order as the ERP now holds it, and as the sale it maps to (its state and content hash). */
async function readBack(
  env: SyncEnv,
  job: SyncJob,
  odooId: number,
): Promise<{ order: ErpSale; imported: ErpSaleImport }> {
  job.report(88, 'Reading the order back from the ERP');
  const [order] = await env.erp.fetchSales({ afterId: odooId - 1, limit: 1 });
  if (order?.odooId !== odooId)
    throw new ErpError('missing', `The ERP order ${odooId} could not be read back after the ${job.run.detail.action}`);
  const catalog = new Map(
    (
      await env.repo.productsByIds([
        ...new Set(
          [...order.lines, ...(order.options ?? [])].flatMap((l) =>
            l.productOdooId === null ? [] : [l.productOdooId],
          ),
        ),
      ])
    ).map((p) => [p.id, { model: p.model || p.name, manufacturer: p.manufacturer }]),
  );
  return { order, imported: saleImport(order, (id) => catalog.get(id)) };
}

/** Saves what the run brings onto the sale and ends the run (or fails it when another sale holds the order). */
async function saveResult(
  env: SyncEnv,
  job: SyncJob,
  full: FullSale,
  plan: SendPlan,
  sent: Sent,
  back: { order: ErpSale; imported: ErpSaleImport },
): Promise<void> {
  const { run, ctx } = job;
  const { order, imported } = back;
  const { odooId } = sent;
  const { ourTotal } = plan;
  const match = toDecimal(ourTotal).eq(toDecimal(order.amountUntaxed));
  const mismatch = match
    ? null
    : `The ERP's untaxed total ${order.amountUntaxed} differs from the sale's ${ourTotal} (difference ${money(toDecimal(order.amountUntaxed).minus(toDecimal(ourTotal)))}): check the order in the ERP`;
  const message = mismatch ? `${sent.what}. ${mismatch}` : sent.what;
  job.report(94, 'Saving the link to the ERP order');
  await ctx.settle();
  let version: number | undefined;
  try {
    version = await env.repo.applyResult(run.key, full.sale.version, {
      odooId,
      odooName: order.name,
      odooCreatedAt: order.createdAt,
      state: imported.state,
      contentHash: imported.contentHash,
      lineIds: sent.lineIds,
      optionIds: sent.optionIds,
      message: mismatch,
      figures: {
        untaxed: order.amountUntaxed,
        tax: order.amountTax,
        total: order.amountTotal,
        paymentTerm: order.paymentTerm?.name || null,
        validityDate: order.validityDate,
      },
    });
  } catch (e) {
    if (!(e instanceof OrderLinkedElsewhere)) throw e;
    const other = await env.repo.saleWithOrder(odooId);
    await finishFailed(
      env,
      job,
      'failed',
      `The ERP order ${order.name} is already linked to the sale ${other?.quoteNumber ?? 'another sale'}`,
    );
    return;
  }
  if (version === undefined) {
    await ctx.finish({
      status: 'failed',
      message: `The sale was deleted while it was sent; the ERP order ${order.name} stays`,
      detail: { odooId, odooName: order.name },
    });
    return;
  }
  const done = await ctx.finish({
    status: 'succeeded',
    message,
    detail: {
      odooId,
      odooName: order.name,
      lines: sent.lines,
      sections: sent.sections,
      ourTotal,
      erpTotal: order.amountUntaxed,
    },
  });
  job.sale = (await env.repo.saleRow(run.key)) ?? job.sale;
  // What the ERP received is always a revision (decision 0029); its failure is logged, never the sync's.
  if (done)
    await env
      .onSent?.({ full, synced: job.sale, by: job.by })
      .catch((err) => env.log.error({ err, saleId: run.key }, 'could not save the revision of a publish/sync'));
  env.events?.publish({ type: 'sales_replaced', sales: [{ saleId: run.key, version }], by: job.by });
  if (done) announce(env, job.sale, done);
  if (mismatch) env.log.warn({ saleId: run.key, odooId, ourTotal, erpTotal: order.amountUntaxed }, 'ERP total differs');
  env.log.info({ saleId: run.key, odooId, action: run.detail.action, ...sent.lines }, 'ERP sale sync finished');
}

/** Ends the run failed (or unknown), flags the sale with the message (and the ERP's state when it said one). */
async function finishFailed(
  env: SyncEnv,
  job: SyncJob,
  status: 'failed' | 'unknown',
  message: string,
  state?: SaleRow['state'],
): Promise<void> {
  const row = await job.ctx.finish({ status, message });
  if (!row) return;
  const saleId = job.run.key;
  const version = await env.repo.markError(saleId, message, state);
  job.sale = (await env.repo.saleRow(saleId)) ?? job.sale;
  announce(env, job.sale, row);
  if (version !== undefined) env.events?.publish({ type: 'sales_replaced', sales: [{ saleId, version }], by: job.by });
}

/**
 * A step threw: an outcome the ERP may have saved (no answer, or a server error) goes back to the queue for the
 * job's retry while attempts remain, then ends 'unknown'; an ERP refusal ends 'failed' at once.
 */
async function onFailure(env: SyncEnv, job: SyncJob, err: unknown): Promise<void> {
  if (err instanceof LeaseLost) return;
  try {
    await job.ctx.settle();
  } catch (e) {
    // a failed progress write: the outcome below is written anyway; a lost run: nothing is
    if (e instanceof LeaseLost) return;
  }
  const { run } = job;
  const { action } = run.detail;
  const { maxAttempts, retryDelaySeconds } = env;
  const erpError = err instanceof ErpError ? err : undefined;
  const unknown = erpError ? isOutcomeUnknown(erpError) : true;
  const detail = err instanceof Error ? err.message : String(err);
  if (unknown && run.attempt < maxAttempts) {
    const message = erpError
      ? `The ERP did not answer (${detail}); whether it saved this is unknown. Trying again in ${retryDelaySeconds} s (attempt ${run.attempt + 1} of ${maxAttempts}): the order is looked up first, never created twice`
      : `The server could not finish (${detail}); trying again in ${retryDelaySeconds} s (attempt ${run.attempt + 1} of ${maxAttempts})`;
    if (!erpError) env.log.error({ err, runId: run.id }, 'ERP sale sync failed; retrying');
    const row = await job.ctx.requeue(message);
    if (!row) return;
    announce(env, job.sale, row);
    throw new RetryLater(message);
  }
  if (!erpError) {
    env.log.error({ err, runId: run.id }, 'ERP sale sync failed');
    await finishFailed(env, job, 'failed', `The ${action} could not be completed: ${detail}`);
    return;
  }
  if (unknown) {
    await finishFailed(
      env,
      job,
      'unknown',
      `The ERP did not answer (${detail}): whether it saved the ${action === 'publish' ? 'order' : 'changes'} is unknown. ${action === 'publish' ? 'Publishing' : 'Syncing'} again is safe: it finds the order instead of creating a second`,
    );
    return;
  }
  env.log.warn({ err: detail, kind: erpError.kind, runId: run.id }, 'ERP refused the sale sync');
  await finishFailed(
    env,
    job,
    'failed',
    erpError.kind === 'missing' && action === 'sync'
      ? `${detail}. The linked order is gone from the ERP: use 'Sync to new Sale' to publish the sale again`
      : detail,
    // Confirmed (or locked, cancelled) in the ERP since the last fetch: the sale follows, and is no longer editable.
    erpError instanceof OrderNotEditable ? erpError.state : undefined,
  );
}

// ─── The service ────────────────────────────────────────────────────────────────────────────────────────────────

export function saleSyncService(deps: SaleSyncDeps) {
  const { repo, erp, log } = deps;
  const env: SyncEnv = {
    repo,
    keys: deps.keys,
    erp,
    events: deps.events,
    log,
    retryDelaySeconds: deps.retryDelaySeconds ?? 30,
    maxAttempts: deps.maxAttempts ?? 3,
    approvalGate: deps.approvalGate,
    onSent: deps.onSent,
    quoteValidityDays: deps.quoteValidityDays ?? (async () => QUOTE_VALIDITY_DEFAULT_DAYS),
    today: deps.today ?? (() => todayIn('UTC')),
  };
  const staleAfterMs = deps.staleAfterMs ?? 10 * 60 * 1000;
  const runs = runTracker<SaleSyncDetail>({
    queue: SYNC_QUEUE,
    label: 'ERP sale sync',
    store: repo.runs,
    jobs: deps.jobs,
    log,
    staleAfterMs,
    onStale: { resume: 'Resuming: the server that ran this stopped before it ended' },
    send: {
      // Retries serve runs whose ERP answer was lost (RetryLater); the run's own attempt count bounds them.
      retryLimit: env.maxAttempts + 1,
      retryDelay: env.retryDelaySeconds,
      // A job silent this long is failed by pg-boss; the run itself is taken over by its heartbeat (recover).
      expireInSeconds: Math.max(60, Math.ceil((staleAfterMs * 3) / 1000)),
    },
  });

  return {
    /** The sale's last publish/sync as the status dialog shows it (and a reloaded page). */
    async status(actor: AuthUser | null, saleId: string): Promise<OdooSyncStatus> {
      authorize(actor, 'sales.view');
      const sale = await repo.saleRow(saleId);
      if (!sale) throw notFound('Sale');
      return toSyncStatus(sale, await runs.latest(saleId));
    },

    /**
     * Starts a publish/sync (sync_odoo): full rights, a draft/sent sale, no problem the ERP would refuse. Answers the
     * run already under way instead of starting a second (resuming it when its process died).
     */
    async start(
      actor: AuthUser | null,
      saleId: string,
      createNew: boolean,
    ): Promise<{ started: boolean; status: OdooSyncStatus }> {
      if (!can(actor, 'sales.full')) throw forbidden(NO_RIGHTS);
      const user = actor!;
      const sale = await repo.saleRow(saleId);
      if (!sale) throw notFound('Sale');
      if (!canSyncSale(user, sale.state)) throw notSyncable(sale.state);
      const active = await runs.active(saleId);
      if (active) return { started: false, status: toSyncStatus(sale, active) };
      const full = await repo.snapshot(saleId);
      if (!full) throw notFound('Sale');
      const problems = await problemsOf(env, full);
      if (problems.length > 0) throw new SyncProblemsError(problems);
      const newOrder = createNew && sale.odooId !== null;
      const action = sale.odooId === null || newOrder ? 'publish' : 'sync';
      const origin =
        action === 'sync' ? null : newOrder ? await repo.newOrderOrigin(saleId, sale.quoteNumber) : sale.quoteNumber;
      const created = await runs.create(
        saleId,
        {
          detail: { action, createNew: newOrder, origin },
          message: action === 'publish' ? 'Waiting to publish' : 'Waiting to sync',
          startedBy: { id: user.id, name: user.name },
        },
        { status: 'failed', message: 'Could not queue the job' },
      );
      if (created.started) return { started: true, status: announce(env, sale, created.run) };
      if (created.run) return { started: false, status: toSyncStatus(sale, created.run) };
      throw new AppError('CONFLICT', 'Another publish of this sale just finished; try again');
    },

    /**
     * The pre-publish check (beyond SPEC): what a publish/sync would do (the order to create or to update, lines and
     * sections added, changed, moved or removed, order fields changed), and what the ERP would refuse, line by line.
     */
    async check(actor: AuthUser | null, saleId: string, createNew: boolean): Promise<SyncCheck> {
      if (!can(actor, 'sales.full')) throw forbidden(NO_RIGHTS);
      const user = actor!;
      const full = await repo.snapshot(saleId);
      if (!full) throw notFound('Sale');
      const { sale } = full;
      const problems = await problemsOf(env, full);
      const blocked = canSyncSale(user, sale.state) ? null : notSyncable(sale.state).message;
      const out: SyncCheck = {
        saleId,
        ready: blocked === null && problems.length === 0,
        blocked,
        problems,
        warnings: saleWarnings(full),
        preview: null,
        previewError: null,
      };
      if (problems.length > 0) return out;
      const newOrder = createNew && sale.odooId !== null;
      let draft: ErpSaleDraft;
      try {
        if (sale.odooId === null || newOrder) {
          const base = newOrder ? await repo.newOrderOrigin(saleId, sale.quoteNumber) : sale.quoteNumber;
          // A new order: every line is new (ids of the linked order do not apply).
          draft = withLineIds(saleDraft(full, await chooseOrigin(env, sale, base, newOrder)), []);
        } else draft = saleDraft(full, sale.quoteNumber);
        draft = await withValidity(env, full, draft);
        const linked = sale.odooId === null || newOrder ? null : sale.odooId;
        const p = await erp.previewSale(linked, draft, linked === null ? null : await ownerOf(env, sale));
        out.preview = {
          action: p.action,
          odooId: p.odooId,
          odooName: p.name,
          lines: p.lines,
          sections: p.sections,
          header: p.header,
        };
      } catch (e) {
        if (!(e instanceof ErpError)) throw e;
        out.previewError = e.message;
        out.ready = false;
      }
      return out;
    },

    /** The run's job (the erp-sale-sync queue). */
    execute: (job: { runId: string }) => runs.execute(job.runId, (ctx) => syncRun(env, ctx)),

    /**
     * Takes over the active runs (of one sale, or all) whose job went silent (infra/runs.ts). `orphaned`: every
     * active run is known to have lost its process (the embedded database serves one process: at start, none can be
     * running).
     */
    recover: (saleId?: string, opts: { orphaned?: boolean } = {}): Promise<SaleSyncRun[]> =>
      runs.recover({ ...(saleId ? { key: saleId } : {}), orphaned: opts.orphaned ?? false }),
  };
}
export type SaleSyncService = ReturnType<typeof saleSyncService>;
