// A sale's revisions (docs/product/rules.md#revisions, docs/decisions/0029-revisions.md): saved by a person (Save
// revision), by every successful publish/sync to the ERP (saveSent) and before every restore; listed, read, compared
// (two revisions, or one and the sale now) and restored. Access first in every operation (view rights to read and
// compare, edit rights to save and restore); the sale's content comes from the sales service (its cached JSON) and a
// restore is ONE mutation of the sale through the sales service (one version, one activity entry, one delta).
import {
  type CoverLetter,
  diffSaleRevisions,
  type RevisionCompare,
  type RevisionCompareQuery,
  type RevisionRead,
  type RevisionRestoreAnswer,
  type RevisionSummary,
  revisionLabel,
  type SaleDto,
} from '@quotewright/contracts';
import type { SaleDocumentRow, SaleRevisionRow, SaleRow } from '@quotewright/db';
import { isEditableState } from '@quotewright/domain';
import { AppError, notFound } from '../../errors';
import { type AuthUser, authorize } from '../../policy';
import { saleNotEditable } from '../sales/sale-mutate';
import { saleJsonBytes, toSaleDto } from '../sales/sales.dto';
import type { FullSale } from '../sales/sales.repository';
import type { SalesService } from '../sales/sales.service';
import { documentBytes, figuresOf, gzipJson, readDocument, toRevisionSummary } from './revision-document';
import { restoredLayout } from './revision-restore';
import type { NewRevision, RevisionMeta, RevisionsRepository } from './revisions.repository';

interface Log {
  error(obj: object, msg?: string): void;
}

export interface RevisionsDeps {
  repo: RevisionsRepository;
  sales: Pick<SalesService, 'getJson' | 'mutation'>;
  log: Log;
}

/** A publish/sync that succeeded: the sale as it was sent, its row after the sync, who started it. */
export interface SentSale {
  full: FullSale;
  synced: SaleRow;
  by: { id: string | null; name: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function coverLetterOf(row: SaleDocumentRow | undefined): CoverLetter | null {
  if (!row) return null;
  return { body: row.body, updated_on: row.updatedAt.toISOString(), updated_by: { name: row.updatedByName } };
}

/** The header fields a restore puts back: the revision's. */
function headerOf(sale: SaleDto) {
  const { name, customer, customer_invoice, customer_shipping, template, salesperson } = sale;
  return { name, customer, customer_invoice, customer_shipping, template, salesperson };
}

/** Whether the sale's letter (its row, none when never saved) reads as the revision's. */
function sameLetter(revision: CoverLetter | null, now: SaleDocumentRow | undefined): boolean {
  return JSON.stringify(revision?.body ?? null) === JSON.stringify(now?.body ?? null);
}

/** The sale now, as its GET answers it: the DTO and its JSON gzipped (the cached answer's own bytes). */
interface Snapshot {
  sale: SaleDto;
  gzip: Buffer;
}

/** What every operation uses: the sale now, a revision stored or read, a comparison's side. */
function revisionKit(deps: RevisionsDeps) {
  const { repo, sales } = deps;

  async function saleOrNotFound(saleId: string) {
    const sale = await repo.sale(saleId);
    if (!sale) throw notFound('Sale');
    return sale;
  }

  /** The sale now (its cached JSON: serialized once per version, compressed once). */
  async function current(actor: AuthUser | null, saleId: string): Promise<Snapshot> {
    const { json } = await sales.getJson(actor, saleId);
    if (!json) throw notFound('Sale');
    const sale = JSON.parse(json.bytes.toString('utf8')) as SaleDto;
    return { sale, gzip: await json.body('gzip') };
  }

  /** Stores a revision of `snap` (with its activity entry for a saved or sent one). */
  async function store(
    snap: Snapshot,
    meta: Pick<NewRevision, 'createdById' | 'createdByName' | 'comment' | 'source' | 'sentToErp'>,
  ): Promise<RevisionMeta> {
    const saleId = snap.sale._id;
    const cover = coverLetterOf(await repo.coverLetter(saleId));
    const content = await documentBytes(snap.gzip, cover);
    const quote = snap.sale.quote_number;
    const row = await repo.insert(
      { saleId, ...meta, ...figuresOf(snap.sale), content },
      meta.source === 'restore'
        ? undefined
        : { kind: 'revision_saved', detail: (n) => ({ of: revisionLabel(quote, n) }) },
    );
    if (!row) throw notFound('Sale');
    return row;
  }

  async function revisionOf(saleId: string, revisionId: string): Promise<SaleRevisionRow> {
    const row = await repo.find(saleId, revisionId);
    if (!row) throw notFound('Revision');
    return row;
  }

  /** One side of a comparison: a revision's sale, or the sale now. */
  async function side(actor: AuthUser | null, saleId: string, quote: string, which: string) {
    if (which === 'current') {
      const { sale } = await current(actor, saleId);
      return { sale, side: { revision: null, label: 'Current', version: sale.version } };
    }
    const row = await revisionOf(saleId, which);
    const { sale } = await readDocument(row.content);
    const revision = toRevisionSummary(row, quote);
    return { sale, side: { revision, label: revision.label, version: row.saleVersion } };
  }

  return { saleOrNotFound, current, store, revisionOf, side };
}
type Kit = ReturnType<typeof revisionKit>;

/** Restore (see its comment): its own function, the service's other operations are in revisionsService. */
function restoreOperation(deps: RevisionsDeps, kit: Kit) {
  const { repo, sales, log } = deps;
  const { saleOrNotFound, current, store, revisionOf } = kit;
  return {
    /**
     * Restore: refused on a sale that is not draft or sent; a revision of the sale as it is is saved first (restoring
     * it undoes this), then the sale takes the revision's sections and lines in ONE mutation. When the sale changed
     * between that revision and the lock (another restore, an edit), the restore is refused and its revision dropped:
     * nothing is half-applied and the saved revision is always exactly what the restore replaced.
     */
    async restore(actor: AuthUser | null, saleId: string, revisionId: string): Promise<RevisionRestoreAnswer> {
      const user = authorize(actor, 'sales.edit');
      const sale = await saleOrNotFound(saleId);
      if (!isEditableState(sale.state)) throw saleNotEditable(sale.state);
      const row = await revisionOf(saleId, revisionId);
      const restored = toRevisionSummary(row, sale.quoteNumber);
      const [doc, snap] = await Promise.all([readDocument(row.content), current(actor, saleId)]);
      const backup = await store(snap, {
        createdById: user.id,
        createdByName: user.name,
        comment: `Before restoring R${row.number}`,
        source: 'restore',
        sentToErp: false,
      });
      let wrote = true;
      try {
        const delta = await sales.mutation(actor, saleId, 'revision_restored', async (r, ctx) => {
          if (ctx.locked.version !== snap.sale.version)
            throw new AppError(
              'CONFLICT',
              'The sale changed while the revision was being restored (someone else edited or restored it): nothing was restored; look at the sale again and restore once more',
            );
          const before = await ctx.layout();
          const { after, changed } = restoredLayout(before, saleId, doc.sale);
          const header = ctx.header(headerOf(doc.sale));
          const letter = !sameLetter(doc.cover_letter, await r.coverLetter(saleId));
          ctx.hint({ of: restored.label, letter });
          if (!changed && !header && !letter) {
            wrote = false;
            ctx.unchanged();
            return;
          }
          if (letter) await r.putCoverLetter(saleId, doc.cover_letter?.body ?? null, user);
          // Only the header or the letter differ: the layout is left as it is, the sale still changes.
          if (changed) await ctx.commit(before, after);
        });
        if (!wrote) await repo.remove(backup.id);
        return { ...delta, restored, backup: wrote ? toRevisionSummary(backup, sale.quoteNumber) : null };
      } catch (e) {
        await repo
          .remove(backup.id)
          .catch((err) => log.error({ err, saleId }, 'could not drop the revision of a restore that failed'));
        throw e;
      }
    },
  };
}

export function revisionsService(deps: RevisionsDeps) {
  const kit = revisionKit(deps);
  const { repo, log } = deps;
  const { saleOrNotFound, current, store, revisionOf, side } = kit;
  return {
    ...restoreOperation(deps, kit),

    /** Save revision: the sale as it is now, with the person's comment. */
    async save(
      actor: AuthUser | null,
      saleId: string,
      body: { comment?: string | undefined },
    ): Promise<RevisionSummary> {
      const user = authorize(actor, 'sales.edit');
      const snap = await current(actor, saleId);
      const comment = body.comment?.trim() || null;
      const row = await store(snap, {
        createdById: user.id,
        createdByName: user.name,
        comment,
        source: 'manual',
        sentToErp: false,
      });
      return toRevisionSummary(row, snap.sale.quote_number);
    },

    /**
     * A revision made by another module for its own reason (approvals: source 'approval', the request's comment):
     * the sale as it is now. View rights: the caller has checked its own.
     */
    async freeze(
      actor: AuthUser | null,
      saleId: string,
      source: 'approval',
      comment: string | null,
    ): Promise<RevisionSummary> {
      const user = authorize(actor, 'sales.view');
      const snap = await current(actor, saleId);
      const row = await store(snap, {
        createdById: user.id,
        createdByName: user.name,
        comment,
        source,
        sentToErp: false,
      });
      return toRevisionSummary(row, snap.sale.quote_number);
    },

    /** The sale's revisions, newest first. */
    async list(actor: AuthUser | null, saleId: string): Promise<{ items: RevisionSummary[] }> {
      authorize(actor, 'sales.view');
      const sale = await saleOrNotFound(saleId);
      const rows = await repo.list(saleId);
      return { items: rows.map((r) => toRevisionSummary(r, sale.quoteNumber)) };
    },

    /** One revision: the sale and its letter as they were. */
    async read(actor: AuthUser | null, saleId: string, revisionId: string): Promise<RevisionRead> {
      authorize(actor, 'sales.view');
      const sale = await saleOrNotFound(saleId);
      const row = await revisionOf(saleId, revisionId);
      const doc = await readDocument(row.content);
      return { revision: toRevisionSummary(row, sale.quoteNumber), sale: doc.sale, cover_letter: doc.cover_letter };
    },

    /** What differs from `from` to `to` (revisions, or `current`). */
    async compare(actor: AuthUser | null, saleId: string, q: RevisionCompareQuery): Promise<RevisionCompare> {
      authorize(actor, 'sales.view');
      const { quoteNumber } = await saleOrNotFound(saleId);
      const [from, to] = await Promise.all([
        side(actor, saleId, quoteNumber, q.from),
        side(actor, saleId, quoteNumber, q.to),
      ]);
      return { from: from.side, to: to.side, diff: diffSaleRevisions(from.sale, to.sale) };
    },

    /**
     * After a successful publish/sync: a revision of the sale as it was sent (what the ERP received), badge "sent to
     * ERP". Never fails the sync: a failure is logged.
     */
    async saveSent(sent: SentSale): Promise<void> {
      try {
        // The content as sent, with the link to the ERP order as the sync left it.
        const { odooId, odooName, odooSynced, odooSyncedOn, odooSyncError, odooSyncMessage } = sent.synced;
        const link = { odooId, odooName, odooSynced, odooSyncedOn, odooSyncError, odooSyncMessage };
        const sale = toSaleDto({ sale: { ...sent.full.sale, ...link }, sections: sent.full.sections });
        const snap = { sale, gzip: await gzipJson(saleJsonBytes(sale)) };
        await store(snap, {
          createdById: sent.by.id !== null && UUID.test(sent.by.id) ? sent.by.id : null,
          createdByName: sent.by.name,
          comment: null,
          source: 'erp',
          sentToErp: true,
        });
      } catch (err) {
        log.error({ err, saleId: sent.full.sale.id }, 'could not save the revision of a publish/sync');
      }
    },

    /** Every revision of a sale with its document, oldest first (the JSON export; the caller checked access). */
    async documents(saleId: string, quoteNumber: string) {
      const rows = await repo.allWithContent(saleId);
      return Promise.all(
        rows.map(async (row) => ({
          ...toRevisionSummary(row, quoteNumber),
          document: await readDocument(row.content),
        })),
      );
    },
  };
}
export type RevisionsService = ReturnType<typeof revisionsService>;
