import type { FetchRunDto } from '@quotewright/contracts';
import type { ErpFetchRunRow } from '@quotewright/db';
import { AppError, notFound } from '../../errors';
import type { Jobs } from '../../infra/jobs';
import type { SaleEvents } from '../../infra/sale-events';
import { type AuthUser, authorize } from '../../policy';
import type { CatalogRepository } from '../catalog/catalog.repository';
import type { ErpConnector } from '../erp/erp.types';
import type { PartnersRepository } from '../partners/partners.repository';
import type { SalesErpRepository } from '../sales/sales-erp.repository';
import { contentHash, partnerRow, productRow, saleImport } from './erpfetch.mapping';
import type { ErpFetchRepository, FetchKind } from './erpfetch.repository';

export const FETCH_QUEUE = 'erp-fetch';
/** Who changes a sale during the fetch (the editors' notices and the activity name it). */
export const ERP_ACTOR = { id: 'erp', name: 'ERP' } as const;
export const FETCH_KINDS = ['products', 'sales', 'contacts'] as const;

export type { FetchRunDto };

export function toRunDto(r: ErpFetchRunRow): FetchRunDto {
  return {
    id: r.id,
    kind: r.kind,
    state: r.status === 'succeeded' ? 'success' : r.status === 'failed' ? 'error' : 'loading',
    status: r.status,
    progress: r.progress,
    processed: r.processed,
    total: r.total,
    written: r.written,
    deactivated: r.deactivated,
    message: r.message,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

interface Log {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ErpFetchDeps {
  runs: ErpFetchRepository;
  catalog: CatalogRepository;
  partners: PartnersRepository;
  salesErp: SalesErpRepository;
  /** Sales rewritten by the fetch are announced (open editors and lists read them again). */
  events?: SaleEvents;
  jobs: Jobs;
  erp: ErpConnector;
  log: Log;
  pageSize?: number;
  /**
   * Orders per page of the sales fetch: each order comes with all its lines, so a page of `pageSize` orders would be
   * tens of thousands of lines and the percentage would not move before the end on a company of a few hundred.
   */
  salesPageSize?: number;
  /** A run without a heartbeat for this long is considered interrupted. */
  staleAfterMs?: number;
}

export function erpFetchService(deps: ErpFetchDeps) {
  const { runs, catalog, partners, salesErp, jobs, erp, log } = deps;
  const pageSize = deps.pageSize ?? 1000;
  const salesPageSize = deps.salesPageSize ?? Math.min(pageSize, 100);
  const staleAfterMs = deps.staleAfterMs ?? 10 * 60 * 1000;

  type Progress = (p: { processed: number; total: number | null; written: number; message: string }) => Promise<void>;

  /**
   * Pages through one ERP collection by id cursor, storing each page; answers the ids seen and the rows written.
   * `what` names the records in progress messages.
   */
  async function pageThrough<T extends { odooId: number }>(
    what: string,
    total: number,
    fetchPage: (p: { afterId: number; limit: number }) => Promise<T[]>,
    store: (page: T[]) => Promise<number>,
    progress: Progress,
    limit = pageSize,
  ): Promise<{ seen: number[]; written: number }> {
    const seen: number[] = [];
    let afterId = 0;
    let written = 0;
    // The total at once: the screen shows a percentage from the first page on.
    await progress({ processed: 0, total, written: 0, message: `Fetching ${total} ${what}` });
    for (;;) {
      const page = await fetchPage({ afterId, limit });
      if (page.length === 0) break;
      written += await store(page);
      for (const r of page) seen.push(r.odooId);
      afterId = page.at(-1)!.odooId;
      await progress({ processed: seen.length, total, written, message: `Fetched ${seen.length} of ${total} ${what}` });
      if (page.length < limit) break;
    }
    return { seen, written };
  }

  async function fetchProducts(progress: Progress) {
    const { seen, written } = await pageThrough(
      'products',
      await erp.countProducts(),
      (p) => erp.fetchProducts(p),
      (page) => catalog.upsertProducts(page.map(productRow)),
      progress,
    );
    // Only after a complete pass: a failure half-way must not deactivate what was not reached yet.
    const deactivated = await catalog.deactivateMissing(seen);
    if (written + deactivated > 0) await catalog.analyze();
    return {
      processed: seen.length,
      written,
      deactivated,
      message: `${seen.length} products fetched, ${written} changed, ${deactivated} deactivated`,
    };
  }

  async function fetchContacts(progress: Progress) {
    const [people, templates] = await Promise.all([erp.fetchSalespersons(), erp.fetchQuotationTemplates()]);
    const customers = await pageThrough(
      'customers',
      await erp.countPartners(),
      (p) => erp.fetchPartners(p),
      (page) => partners.upsertPartners(page.map(partnerRow)),
      progress,
    );
    const seen = customers.seen;
    let written = customers.written;
    let deactivated = await partners.deactivateMissingPartners(seen);
    const sp = await partners.syncSalespersons(
      people.map((p) => ({ id: p.odooId, name: p.name, email: p.email, contentHash: contentHash([p.name, p.email]) })),
    );
    const tp = await partners.syncTemplates(
      templates.map((t) => ({ id: t.odooId, name: t.name, contentHash: contentHash([t.name]) })),
    );
    written += sp.written + tp.written;
    deactivated += sp.deactivated + tp.deactivated;
    if (written + deactivated > 0) await partners.analyze();
    return {
      processed: seen.length + people.length + templates.length,
      written,
      deactivated,
      message: `${seen.length} customers, ${people.length} salespersons and ${templates.length} templates fetched, ${written} changed`,
    };
  }

  async function fetchSales(progress: Progress) {
    const { seen, written } = await pageThrough(
      'sales',
      await erp.countSales(),
      (p) => erp.fetchSales(p),
      async (page) => {
        const productIds = [
          ...new Set(
            page.flatMap((s) => s.lines.map((l) => l.productOdooId).filter((id): id is number => id !== null)),
          ),
        ];
        const info = new Map(
          (await catalog.findByIds(productIds)).map((p) => [
            p.id,
            { model: p.model || p.name, manufacturer: p.manufacturer },
          ]),
        );
        const { counts, changed } = await salesErp.importPage(page.map((s) => saleImport(s, (id) => info.get(id))));
        if (changed.length > 0 || counts.created > 0) {
          deps.events?.publish({ type: 'sales_replaced', sales: changed, by: ERP_ACTOR });
        }
        return counts.created + counts.updated + counts['state-only'];
      },
      progress,
      salesPageSize,
    );
    if (written > 0) await salesErp.analyze();
    return {
      processed: seen.length,
      written,
      deactivated: 0,
      message: `${seen.length} sales fetched, ${written} changed`,
    };
  }

  const runners: Record<
    FetchKind,
    (p: Progress) => Promise<{ processed: number; written: number; deactivated: number; message: string }>
  > = {
    products: fetchProducts,
    contacts: fetchContacts,
    sales: fetchSales,
  };

  return {
    /** Starts a fetch, or answers the one of this kind already under way. */
    async start(actor: AuthUser | null, kind: FetchKind): Promise<{ run: FetchRunDto; started: boolean }> {
      const me = authorize(actor, 'erp.fetch');
      await runs.failStale(new Date(Date.now() - staleAfterMs));
      const created = await runs.createQueued(kind, me.id);
      if (!created) {
        const running = await runs.findActive(kind);
        if (running) return { run: toRunDto(running), started: false };
        throw new AppError('CONFLICT', 'Another fetch of this kind just finished; try again');
      }
      try {
        await jobs.send(FETCH_QUEUE, { runId: created.id, kind });
      } catch (e) {
        await runs.finish(created.id, { status: 'failed', error: 'Could not queue the fetch job' });
        throw e;
      }
      return { run: toRunDto(created), started: true };
    },

    async latest(actor: AuthUser | null, kind: FetchKind): Promise<FetchRunDto | null> {
      authorize(actor, 'erp.fetch');
      const row = await runs.latest(kind);
      return row ? toRunDto(row) : null;
    },

    async get(actor: AuthUser | null, id: string): Promise<FetchRunDto> {
      authorize(actor, 'erp.fetch');
      const row = await runs.findById(id);
      if (!row) throw notFound('Fetch run');
      return toRunDto(row);
    },

    /** The job: runs one fetch and records its outcome; an ERP failure is recorded, never thrown. */
    async execute(job: { runId: string; kind: FetchKind }): Promise<void> {
      const run = await runs.findById(job.runId);
      if (run?.status !== 'queued') return;
      await runs.markRunning(run.id);
      try {
        const result = await runners[job.kind]((p) => runs.progress(run.id, p));
        await runs.finish(run.id, { status: 'succeeded', ...result });
        log.info({ kind: job.kind, ...result }, 'ERP fetch finished');
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        log.error({ err, kind: job.kind }, 'ERP fetch failed');
        await runs.finish(run.id, { status: 'failed', error: message });
      }
    },
  };
}
export type ErpFetchService = ReturnType<typeof erpFetchService>;
