// The ERP data fetch (docs/decisions/0004): products, contacts or sales paged in from the ERP, one run per kind at a
// time, as a pg-boss job whose run the run tracker keeps (infra/runs.ts, docs/decisions/0025-one-run-tracker.md).
import type { FetchKind, FetchRunDto } from '@quotewright/contracts';
import { AppError, notFound } from '../../errors';
import { contentHash } from '../../infra/content-hash';
import type { Jobs } from '../../infra/jobs';
import { LeaseLost, type Run, runTracker } from '../../infra/runs';
import type { SaleEvents } from '../../infra/sale-events';
import { type AuthUser, authorize } from '../../policy';
import type { AuditOrigin, AuditRecorder } from '../audit/audit.service';
import type { CatalogRepository } from '../catalog/catalog.repository';
import type { CompanyRepository } from '../company/company.repository';
import type { ErpConnector } from '../erp/erp.types';
import type { PartnersRepository } from '../partners/partners.repository';
import { saleImport } from '../sales/sales-erp.mapping';
import type { SalesErpRepository } from '../sales/sales-erp.repository';
import { companyRow, partnerRow, paymentTermRow, productRow } from './erpfetch.mapping';
import type { ErpFetchRepository } from './erpfetch.repository';

export const FETCH_QUEUE = 'erp-fetch';
/** Who changes a sale during the fetch (the editors' notices and the activity name it). */
export const ERP_ACTOR = { id: 'erp', name: 'ERP' } as const;

export type { FetchRunDto };

/** What a fetch run keeps besides its state, progress and message (the run's detail). */
export interface FetchDetail {
  processed?: number;
  total?: number | null;
  written?: number;
  deactivated?: number;
  error?: string | null;
}

export function toRunDto(r: Run<FetchDetail>): FetchRunDto {
  // a fetch never ends 'unknown' (that is the publish's): such a run would be an error
  const status = r.status === 'unknown' ? 'failed' : r.status;
  return {
    id: r.id,
    kind: r.key as FetchKind,
    state: status === 'succeeded' ? 'success' : status === 'failed' ? 'error' : 'loading',
    status,
    progress: r.progress,
    processed: r.detail.processed ?? 0,
    total: r.detail.total ?? null,
    written: r.detail.written ?? 0,
    deactivated: r.detail.deactivated ?? 0,
    message: r.message,
    error: r.detail.error ?? null,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ErpFetchDeps {
  runs: ErpFetchRepository;
  catalog: CatalogRepository;
  partners: PartnersRepository;
  /** The company of customer documents and the payment terms (read with the contacts). */
  company: CompanyRepository;
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
  /** The admin audit log: a fetch started is written right after its run was queued (no transaction to join). */
  audit: AuditRecorder;
}

const FETCH_LABELS: Record<FetchKind, string> = { products: 'Products', sales: 'Sales', contacts: 'Contacts' };

type Progress = (p: { processed: number; total: number | null; written: number; message: string }) => Promise<void>;
type FetchResult = { processed: number; written: number; deactivated: number; message: string };

/** The fetch of each kind: pages through the ERP, stores each page, reports progress; answers what it did. */
function fetchers(deps: ErpFetchDeps): Record<FetchKind, (p: Progress) => Promise<FetchResult>> {
  const { catalog, partners, company, salesErp, erp } = deps;
  const pageSize = deps.pageSize ?? 1000;
  const salesPageSize = deps.salesPageSize ?? Math.min(pageSize, 100);

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
    // The company of customer documents (decision 0031) and the payment terms come with the contacts: they are what a
    // customer block and a document's header need, and as small.
    const [people, templates, companyDoc, terms] = await Promise.all([
      erp.fetchSalespersons(),
      erp.fetchQuotationTemplates(),
      erp.fetchCompany(),
      erp.fetchPaymentTerms(),
    ]);
    const companyWritten = await company.saveCompany(companyRow(companyDoc));
    const pt = await company.syncPaymentTerms(terms.map(paymentTermRow));
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
    written += sp.written + tp.written + pt.written + (companyWritten ? 1 : 0);
    deactivated += sp.deactivated + tp.deactivated + pt.deactivated;
    if (written + deactivated > 0) await partners.analyze();
    return {
      processed: seen.length + people.length + templates.length + terms.length + 1,
      written,
      deactivated,
      message: `${seen.length} customers, ${people.length} salespersons, ${templates.length} templates, ${terms.length} payment terms and the company fetched, ${written} changed`,
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

  return { products: fetchProducts, contacts: fetchContacts, sales: fetchSales };
}

export function erpFetchService(deps: ErpFetchDeps) {
  const { log } = deps;
  const runners = fetchers(deps);
  const runs = runTracker<FetchDetail>({
    queue: FETCH_QUEUE,
    label: 'ERP fetch',
    store: deps.runs,
    jobs: deps.jobs,
    log,
    staleAfterMs: deps.staleAfterMs ?? 10 * 60 * 1000,
    // A fetch is not resumed: the next one starts over (content hashes make a page written twice change nothing).
    onStale: { end: { status: 'failed', detail: { error: 'Interrupted: the server stopped during this fetch' } } },
  });

  return {
    /** Starts a fetch, or answers the one of this kind already under way. */
    async start(
      actor: AuthUser | null,
      kind: FetchKind,
      origin: AuditOrigin,
    ): Promise<{ run: FetchRunDto; started: boolean }> {
      const me = authorize(actor, 'erp.fetch');
      await runs.recover();
      const created = await runs.create(
        kind,
        { detail: {}, message: null, startedBy: { id: me.id, name: me.name } },
        { status: 'failed', detail: { error: 'Could not queue the fetch job' } },
      );
      if (created.started) {
        await deps.audit({
          actor: { id: me.id, name: me.name },
          action: 'erp_fetch.started',
          target: { type: 'erp_fetch', id: created.run.id, label: FETCH_LABELS[kind] },
          after: { kind },
          origin,
        });
        return { run: toRunDto(created.run), started: true };
      }
      if (created.run) return { run: toRunDto(created.run), started: false };
      throw new AppError('CONFLICT', 'Another fetch of this kind just finished; try again');
    },

    async latest(actor: AuthUser | null, kind: FetchKind): Promise<FetchRunDto | null> {
      authorize(actor, 'erp.fetch');
      const row = await runs.latest(kind);
      return row ? toRunDto(row) : null;
    },

    async get(actor: AuthUser | null, id: string): Promise<FetchRunDto> {
      authorize(actor, 'erp.fetch');
      const row = await runs.get(id);
      if (!row) throw notFound('Fetch run');
      return toRunDto(row);
    },

    /** The job: runs one fetch and records its outcome; an ERP failure is recorded, never thrown. */
    async execute(job: { runId: string }): Promise<void> {
      await runs.execute(job.runId, async (ctx) => {
        const kind = ctx.run.key as FetchKind;
        try {
          const result = await runners[kind](async (p) => {
            const progress = p.total ? Math.min(99, Math.floor((p.processed / p.total) * 100)) : 0;
            ctx.report(progress, p.message, { processed: p.processed, total: p.total, written: p.written });
            await ctx.settle();
          });
          const { message, ...counts } = result;
          await ctx.finish({ status: 'succeeded', message, detail: counts });
          log.info({ kind, ...result }, 'ERP fetch finished');
        } catch (err) {
          if (err instanceof LeaseLost) throw err;
          const message = err instanceof Error ? err.message : String(err);
          log.error({ err, kind }, 'ERP fetch failed');
          await ctx.finish({ status: 'failed', detail: { error: message } });
        }
      });
    },
  };
}
export type ErpFetchService = ReturnType<typeof erpFetchService>;
