// Publish and sync a sale to the ERP (issue 11; SPEC §2, §4, §6, §7; DESIGN §6). `start` (the socket's sync_odoo)
// checks rights, state and the pre-publish problems, records a run and queues a pg-boss job; one run per sale at a
// time. The job (`execute`) sends the sale through the connector (publishSale: idempotent by origin; syncSale: a
// diff by stored ERP line ids), reads the order back, and stores what it brings (ERP ids, state, flags) on the
// sale. Progress goes to the sale's room as `odoo_sync_status` and is kept in sale_sync_runs.
//
// Exactly one ERP order per sale: the publish looks the order up by origin before creating; an answer the ERP did
// not give (timeout, dropped connection) is "unknown", never "failed": the run goes back to the queue and the
// retry finds the order instead of creating a second. Only the sale's own orders are ever written to: the origin
// carries a key only this installation writes for this sale (order-keys.ts), and every sync checks that the
// linked order is still provably the sale's before writing (docs/decisions/0017). A run whose process died (heartbeat stopped) is taken over
// by the next sweep or request (`recover`), under a new lease: the old job, if it still runs, can change nothing.
import type { OdooSyncStatus, SyncCheck, SyncProblem } from '@quotewright/contracts';
import type { SaleRow, SaleSyncRunRow } from '@quotewright/db';
import { canSyncSale, isEditableState, money, saleStateLabel, toDecimal } from '@quotewright/domain';
import { AppError, forbidden, notFound } from '../../errors';
import type { Jobs } from '../../infra/jobs';
import type { SaleEvents } from '../../infra/sale-events';
import { type AuthUser, authorize, can } from '../../policy';
import { isOutcomeUnknown } from '../erp/connector';
import { ErpError, OrderNotEditable } from '../erp/erp.errors';
import type { ErpConnector, ErpOrderOwner, ErpProgress, ErpSaleDraft } from '../erp/erp.types';
import { type OrderKeys, parseOrigin } from '../erp/order-keys';
import { saleImport } from '../erpfetch/erpfetch.mapping';
import {
  draftSize,
  problemsText,
  saleDraft,
  saleProblems,
  saleUntaxedTotal,
  saleWarnings,
  withLineIds,
} from './sale-sync.draft';
import { OrderLinkedElsewhere, type SaleSyncRepository } from './sale-sync.repository';
import type { FullSale } from './sales.repository';

export const SYNC_QUEUE = 'erp-sale-sync';

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

/** The job lost its run (taken over after being thought dead): it stops without writing. */
class LeaseLost extends Error {}
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

const STATE_OF: Record<SaleSyncRunRow['status'], OdooSyncStatus['state']> = {
  queued: 'queued',
  running: 'syncing',
  succeeded: 'synced',
  failed: 'error',
  unknown: 'unknown',
};

export function toSyncStatus(sale: SaleRow, run: SaleSyncRunRow | undefined): OdooSyncStatus {
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
  return {
    saleId: sale.id,
    runId: run.id,
    state: STATE_OF[run.status],
    action: run.action,
    createNew: run.createNew,
    progress: run.progress,
    message: run.message,
    odooId: run.odooId ?? (run.createNew ? null : sale.odooId),
    odooName: run.odooName ?? (run.createNew ? null : sale.odooName),
    lines:
      run.linesCreated === null
        ? null
        : { created: run.linesCreated, updated: run.linesUpdated ?? 0, deleted: run.linesDeleted ?? 0 },
    sections:
      run.sectionsCreated === null
        ? null
        : { created: run.sectionsCreated, updated: run.sectionsUpdated ?? 0, deleted: run.sectionsDeleted ?? 0 },
    totals:
      run.ourTotal !== null && run.erpTotal !== null
        ? {
            ours: money(toDecimal(run.ourTotal)),
            erp: money(toDecimal(run.erpTotal)),
            match: toDecimal(run.ourTotal).eq(toDecimal(run.erpTotal)),
          }
        : null,
    startedBy: { name: run.startedByName },
    startedAt: (run.startedAt ?? run.createdAt).toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    sale: saleFlags,
  };
}

type Counts = { created: number; updated: number; deleted: number };

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

export function saleSyncService(deps: SaleSyncDeps) {
  const { repo, keys, erp, jobs, events, log } = deps;
  const staleAfterMs = deps.staleAfterMs ?? 10 * 60 * 1000;
  const retryDelaySeconds = deps.retryDelaySeconds ?? 30;
  const maxAttempts = deps.maxAttempts ?? 3;
  const staleBefore = () => new Date(Date.now() - staleAfterMs);

  const sendJob = (runId: string) =>
    jobs.send(
      SYNC_QUEUE,
      { runId },
      {
        // Retries serve runs whose ERP answer was lost (RetryLater); the run's own attempt count bounds them.
        retryLimit: maxAttempts + 1,
        retryDelay: retryDelaySeconds,
        // A job silent this long is failed by pg-boss; the run itself is taken over by its heartbeat (recover).
        expireInSeconds: Math.max(60, Math.ceil((staleAfterMs * 3) / 1000)),
      },
    );

  function announce(sale: SaleRow, run: SaleSyncRunRow | undefined): OdooSyncStatus {
    const status = toSyncStatus(sale, run);
    events?.publish({ type: 'odoo_sync_status', status });
    return status;
  }

  async function problemsOf(full: FullSale): Promise<SyncProblem[]> {
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
  async function chooseOrigin(sale: SaleRow, base: string, createNew: boolean): Promise<string> {
    const candidates = originCandidates(base).map((slot) => keys.origin(slot, sale.id));
    const found = await erp.ordersByOrigin(candidates);
    for (const origin of candidates) {
      // publishSale adopts the oldest order of the origin (a person's Duplicate of it is newer)
      const order = found.find((o) => o.origin === origin);
      if (!order) return origin;
      const linked = await repo.saleWithOrder(order.odooId);
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
  async function ownerOf(sale: SaleRow): Promise<ErpOrderOwner> {
    const key = keys.key(sale.id);
    if (sale.odooId === null || sale.odooName === null) return { key, recorded: null };
    if (sale.odooCreatedAt !== null)
      return { key, recorded: { name: sale.odooName, createdAt: sale.odooCreatedAt, origin: null } };
    const origin = await repo.publishedOrigin(sale.id, sale.odooId);
    return { key, recorded: origin ? { name: sale.odooName, createdAt: null, origin } : null };
  }

  /**
   * Queues again the active runs (of one sale, or all) whose job went silent, and sends their jobs. `orphaned`:
   * every active run is known to have lost its process (the embedded database serves one process: at start, none
   * can be running).
   */
  async function recover(saleId?: string, opts: { orphaned?: boolean } = {}): Promise<SaleSyncRunRow[]> {
    const runs = await repo.requeueStale(
      opts.orphaned ? new Date(Date.now() + 1000) : staleBefore(),
      'Resuming: the server that ran this stopped before it ended',
      saleId,
    );
    for (const run of runs) {
      await sendJob(run.id);
      log.warn({ runId: run.id, saleId: run.saleId }, 'ERP sale sync resumed after its process stopped');
    }
    return runs;
  }

  /** The run's job: everything it writes names its lease (the attempt it claimed). */
  async function execute(job: { runId: string }): Promise<void> {
    const claimed = await repo.claim(job.runId, staleBefore());
    if (!claimed) return;
    const run = claimed;
    const lease = run.attempt;
    let sale = await repo.saleRow(run.saleId);
    if (!sale) {
      await repo.finish(run.id, lease, { status: 'failed', message: 'The sale was deleted' });
      return;
    }
    const by = { id: run.startedById ?? 'erp', name: run.startedByName ?? 'ERP' };

    // Progress: announced at once, written in order (no write means the lease is lost). The chain never rejects:
    // a write that fails (the database dropped the connection) is kept and thrown by settle(), which the run
    // awaits before it saves anything, so it never becomes an unhandled rejection.
    let current = run;
    let writes: Promise<void> = Promise.resolve();
    let lost = false;
    let writeFailed: { error: unknown } | undefined;
    const report = (
      progress: number,
      message: string,
      extra: { odooId?: number; odooName?: string; origin?: string } = {},
    ) => {
      const p = Math.max(current.progress, Math.round(progress));
      current = { ...current, progress: p, message, ...extra };
      announce(sale!, current);
      writes = writes.then(async () => {
        if (lost || writeFailed) return;
        try {
          const row = await repo.progress(run.id, lease, { progress: p, message, ...extra });
          if (!row) lost = true;
        } catch (error) {
          writeFailed = { error };
        }
      });
    };
    const settle = async () => {
      await writes;
      if (lost) throw new LeaseLost();
      if (writeFailed) throw writeFailed.error;
    };
    /** Connector progress (0–100) mapped into [from, to] of the whole run. */
    const scaled = (from: number, to: number) => (p: ErpProgress) =>
      report(from + ((to - from) * p.progress) / 100, p.message);

    const finishFailed = async (status: 'failed' | 'unknown', message: string, state?: SaleRow['state']) => {
      await writes;
      const row = await repo.finish(run.id, lease, { status, message });
      if (!row) return;
      const version = await repo.markError(run.saleId, message, state);
      sale = (await repo.saleRow(run.saleId)) ?? sale!;
      announce(sale, row);
      if (version !== undefined)
        events?.publish({ type: 'sales_replaced', sales: [{ saleId: run.saleId, version }], by });
    };

    try {
      report(1, run.attempt > 1 ? `Trying again (attempt ${run.attempt} of ${maxAttempts})` : 'Reading the sale');
      const full = await repo.snapshot(run.saleId);
      if (!full) {
        await repo.finish(run.id, lease, { status: 'failed', message: 'The sale was deleted' });
        return;
      }
      sale = full.sale;
      if (!isEditableState(full.sale.state)) {
        await finishFailed('failed', notSyncable(full.sale.state).message);
        return;
      }
      const problems = await problemsOf(full);
      if (problems.length > 0) {
        await finishFailed('failed', problemsText(problems));
        return;
      }
      const linkedId = full.sale.odooId;
      const publish = run.action === 'publish' || linkedId === null;
      let origin = run.origin ?? full.sale.quoteNumber;
      if (publish) {
        report(2, 'Looking for the order in the ERP');
        origin = await chooseOrigin(full.sale, origin, run.createNew);
        if (origin !== run.origin) report(3, `Publishing under ${parseOrigin(origin).slot}`, { origin });
      }
      const owner: ErpOrderOwner = publish ? { key: keys.key(full.sale.id), recorded: null } : await ownerOf(full.sale);
      // A publish makes a new order: the line ids of an order the sale was linked to before do not apply.
      const base = saleDraft(full, origin);
      const draft = publish ? withLineIds(base, []) : base;
      const ourTotal = saleUntaxedTotal(full);

      let odooId: number;
      let lineIds: { localId: string; odooLineId: number }[];
      let counts: { created: number; updated: number; deleted: number };
      let sectionCounts: { created: number; updated: number; deleted: number };
      let what: string;
      if (publish || linkedId === null) {
        const pub = await erp.publishSale(draft, scaled(3, 60));
        odooId = pub.odooId;
        report(60, pub.alreadyPublished ? 'Found the order in the ERP' : 'Order created', {
          odooId: pub.odooId,
          odooName: pub.name,
        });
        if (pub.alreadyPublished) {
          // An earlier attempt created it (its answer was lost, or the sale changed since): bring it in line.
          const synced = await erp.syncSale(pub.odooId, withLineIds(draft, pub.lineIds), owner, scaled(60, 85));
          lineIds = synced.lineIds;
          counts = { created: synced.created, updated: synced.updated, deleted: synced.deleted };
          sectionCounts = synced.sections;
          what = `Published as ${synced.name || pub.name} (the order an earlier attempt created was found and updated)`;
        } else {
          lineIds = pub.lineIds;
          counts = { created: draftSize(draft) - draft.sections.length, updated: 0, deleted: 0 };
          sectionCounts = { created: draft.sections.length, updated: 0, deleted: 0 };
          what = `Published as ${pub.name}`;
        }
      } else {
        const synced = await erp.syncSale(linkedId, draft, owner, scaled(3, 85));
        odooId = synced.odooId;
        lineIds = synced.lineIds;
        counts = { created: synced.created, updated: synced.updated, deleted: synced.deleted };
        sectionCounts = synced.sections;
        what = `Synced with ${synced.name}: ${changesText(counts, sectionCounts)}`;
      }

      report(88, 'Reading the order back from the ERP');
      const [order] = await erp.fetchSales({ afterId: odooId - 1, limit: 1 });
      if (order?.odooId !== odooId)
        throw new ErpError('missing', `The ERP order ${odooId} could not be read back after the ${run.action}`);
      const catalog = new Map(
        (
          await repo.productsByIds([
            ...new Set(order.lines.flatMap((l) => (l.productOdooId === null ? [] : [l.productOdooId]))),
          ])
        ).map((p) => [p.id, { model: p.model || p.name, manufacturer: p.manufacturer }]),
      );
      const imported = saleImport(order, (id) => catalog.get(id));
      const match = toDecimal(ourTotal).eq(toDecimal(order.amountUntaxed));
      const mismatch = match
        ? null
        : `The ERP's untaxed total ${order.amountUntaxed} differs from the sale's ${ourTotal} (difference ${money(toDecimal(order.amountUntaxed).minus(toDecimal(ourTotal)))}): check the order in the ERP`;
      const message = mismatch ? `${what}. ${mismatch}` : what;
      report(94, 'Saving the link to the ERP order');
      await settle();
      let version: number | undefined;
      try {
        version = await repo.applyResult(run.saleId, full.sale.version, {
          odooId,
          odooName: order.name,
          odooCreatedAt: order.createdAt,
          state: imported.state,
          contentHash: imported.contentHash,
          lineIds,
          message: mismatch,
        });
      } catch (e) {
        if (!(e instanceof OrderLinkedElsewhere)) throw e;
        const other = await repo.saleWithOrder(odooId);
        await finishFailed(
          'failed',
          `The ERP order ${order.name} is already linked to the sale ${other?.quoteNumber ?? 'another sale'}`,
        );
        return;
      }
      if (version === undefined) {
        await repo.finish(run.id, lease, {
          status: 'failed',
          message: `The sale was deleted while it was sent; the ERP order ${order.name} stays`,
          odooId,
          odooName: order.name,
        });
        return;
      }
      const done = await repo.finish(run.id, lease, {
        status: 'succeeded',
        message,
        odooId,
        odooName: order.name,
        linesCreated: counts.created,
        linesUpdated: counts.updated,
        linesDeleted: counts.deleted,
        sectionsCreated: sectionCounts.created,
        sectionsUpdated: sectionCounts.updated,
        sectionsDeleted: sectionCounts.deleted,
        ourTotal,
        erpTotal: order.amountUntaxed,
      });
      sale = (await repo.saleRow(run.saleId)) ?? sale;
      events?.publish({ type: 'sales_replaced', sales: [{ saleId: run.saleId, version }], by });
      if (done) announce(sale, done);
      if (mismatch)
        log.warn({ saleId: run.saleId, odooId, ourTotal, erpTotal: order.amountUntaxed }, 'ERP total differs');
      log.info({ saleId: run.saleId, odooId, action: run.action, ...counts }, 'ERP sale sync finished');
    } catch (err) {
      if (err instanceof LeaseLost) return;
      try {
        await writes;
      } catch {
        // a failed progress write: the outcome below is written anyway
      }
      if (lost) return;
      const erpError = err instanceof ErpError ? err : undefined;
      const unknown = erpError ? isOutcomeUnknown(erpError) : true;
      const detail = err instanceof Error ? err.message : String(err);
      if (unknown && run.attempt < maxAttempts) {
        const message = erpError
          ? `The ERP did not answer (${detail}); whether it saved this is unknown. Trying again in ${retryDelaySeconds} s (attempt ${run.attempt + 1} of ${maxAttempts}): the order is looked up first, never created twice`
          : `The server could not finish (${detail}); trying again in ${retryDelaySeconds} s (attempt ${run.attempt + 1} of ${maxAttempts})`;
        if (!erpError) log.error({ err, runId: run.id }, 'ERP sale sync failed; retrying');
        const row = await repo.requeue(run.id, lease, message);
        if (!row) return;
        announce(sale!, row);
        throw new RetryLater(message);
      }
      if (!erpError) {
        log.error({ err, runId: run.id }, 'ERP sale sync failed');
        await finishFailed('failed', `The ${run.action} could not be completed: ${detail}`);
        return;
      }
      if (unknown) {
        await finishFailed(
          'unknown',
          `The ERP did not answer (${detail}): whether it saved the ${run.action === 'publish' ? 'order' : 'changes'} is unknown. ${run.action === 'publish' ? 'Publishing' : 'Syncing'} again is safe: it finds the order instead of creating a second`,
        );
        return;
      }
      log.warn({ err: detail, kind: erpError.kind, runId: run.id }, 'ERP refused the sale sync');
      await finishFailed(
        'failed',
        erpError.kind === 'missing' && run.action === 'sync'
          ? `${detail}. The linked order is gone from the ERP: use 'Sync to new Sale' to publish the sale again`
          : detail,
        // Confirmed (or locked, cancelled) in the ERP since the last fetch: the sale follows, and is no longer editable.
        erpError instanceof OrderNotEditable ? erpError.state : undefined,
      );
    }
  }

  return {
    /** The sale's last publish/sync as the status dialog shows it (and a reloaded page). */
    async status(actor: AuthUser | null, saleId: string): Promise<OdooSyncStatus> {
      authorize(actor, 'sales.view');
      const sale = await repo.saleRow(saleId);
      if (!sale) throw notFound('Sale');
      return toSyncStatus(sale, await repo.latest(saleId));
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
      const active = await repo.findActive(saleId);
      if (active) {
        const resumed = await recover(saleId);
        return { started: false, status: toSyncStatus(sale, resumed[0] ?? active) };
      }
      const full = await repo.snapshot(saleId);
      if (!full) throw notFound('Sale');
      const problems = await problemsOf(full);
      if (problems.length > 0) throw new SyncProblemsError(problems);
      const newOrder = createNew && sale.odooId !== null;
      const action = sale.odooId === null || newOrder ? 'publish' : 'sync';
      const origin =
        action === 'sync' ? null : newOrder ? await repo.newOrderOrigin(saleId, sale.quoteNumber) : sale.quoteNumber;
      const run = await repo.createRun({
        saleId,
        action,
        createNew: newOrder,
        origin,
        startedById: user.id,
        startedByName: user.name,
        message: action === 'publish' ? 'Waiting to publish' : 'Waiting to sync',
      });
      if (!run) {
        const running = await repo.findActive(saleId);
        if (running) return { started: false, status: toSyncStatus(sale, running) };
        throw new AppError('CONFLICT', 'Another publish of this sale just finished; try again');
      }
      try {
        await sendJob(run.id);
      } catch (e) {
        await repo.finish(run.id, null, { status: 'failed', message: 'Could not queue the job' });
        throw e;
      }
      return { started: true, status: announce(sale, run) };
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
      const problems = await problemsOf(full);
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
          draft = withLineIds(saleDraft(full, await chooseOrigin(sale, base, newOrder)), []);
        } else draft = saleDraft(full, sale.quoteNumber);
        const linked = sale.odooId === null || newOrder ? null : sale.odooId;
        const p = await erp.previewSale(linked, draft, linked === null ? null : await ownerOf(sale));
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

    execute,
    recover,
  };
}
export type SaleSyncService = ReturnType<typeof saleSyncService>;
