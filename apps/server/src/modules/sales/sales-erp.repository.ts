import { type Db, eq, inArray, pgArray, saleLines, saleSections, sales, sql } from '@quotewright/db';
import { formatQuoteNumber, parseQuoteNumber } from '@quotewright/domain';
import { type OrderKeys, parseOrigin } from '../erp/order-keys';

type Ref = { id: number; name: string } | null;
export interface ErpSaleImport {
  odooId: number;
  odooName: string;
  origin: string | null;
  /** the order's creation time as the ERP reports it: which order this is (an ERP reset reuses ids and names) */
  createdAt: string | null;
  state: 'draft' | 'sent' | 'sale' | 'done' | 'cancel';
  customer: Ref;
  invoice: Ref;
  shipping: Ref;
  salesperson: Ref;
  template: Ref;
  totalPrice: string;
  /** The optional sections' total (sales.optional_total); absent: 0. */
  optionalTotal?: string;
  /** Odoo's own figures of the order (decision 0031): printed on the customer PDF while the sale is in sync. */
  erp?: { untaxed: string; tax: string; total: string; paymentTerm: string | null; validityDate: string | null };
  contentHash: string;
  sections: {
    name: string;
    odooLineId: number | null;
    /** only when not the default 'details' (decision 0032: Odoo's optional products); absent in older hashes */
    presentation?: 'optional';
    lines: {
      kind: 'product' | 'note' | 'header';
      productId: number | null;
      productName: string | null;
      manufacturer: string | null;
      description: string;
      quantity: string;
      price: string;
      cost: string;
      /** discount %; absent = 0 */
      discount?: string;
      uom: string | null;
      /** null for an Odoo 18 option (not an order line) */
      odooLineId: number | null;
      /** Odoo 18: the sale.order.option id */
      odooOptionId?: number;
    }[];
  }[];
}

export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'state-only';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Counts = Record<ImportOutcome, number>;
type Changed = { saleId: string; version: number }[];

/** The sales a page of orders may land on: linked to one of them, or not linked yet under an origin's quote number. */
async function candidates(tx: Tx, orders: readonly ErpSaleImport[]) {
  const ids = orders.map((o) => o.odooId);
  const origins = orders.map((o) => o.origin).filter((o): o is string => !!o);
  const slots = [...new Set(origins.map((o) => parseOrigin(o).slot))];
  const existing = await tx
    .select({
      id: sales.id,
      odooId: sales.odooId,
      quoteNumber: sales.quoteNumber,
      customerId: sales.customerId,
      hash: sales.odooContentHash,
      synced: sales.odooSynced,
      createdAt: sales.odooCreatedAt,
      odooName: sales.odooName,
    })
    .from(sales)
    .where(
      slots.length
        ? sql`${sales.odooId} = any(${pgArray(ids)}::int[]) or (${sales.odooId} is null and ${sales.quoteNumber} = any(${pgArray(slots)}::text[]))`
        : inArray(sales.odooId, ids),
    );
  // Our quote numbers must not collide with origins the ERP already holds (orders another installation
  // published, or whose sale was deleted here): the counter moves past the highest one seen ('Q00042-2', a
  // 'Sync to new Sale' order, holds Q00042 too).
  const highest = Math.max(0, ...slots.map((o) => parseQuoteNumber(o.replace(/-\d+$/, '')) ?? 0));
  if (highest > 0) {
    await tx.execute(
      sql`select setval('sale_quote_number_seq', greatest((select last_value from sale_quote_number_seq), ${highest}::bigint))`,
    );
  }
  return {
    byOdoo: new Map(existing.filter((e) => e.odooId !== null).map((e) => [e.odooId!, e])),
    byQuote: new Map(existing.filter((e) => e.odooId === null).map((e) => [e.quoteNumber, e])),
  };
}
type Candidate = NonNullable<ReturnType<Awaited<ReturnType<typeof candidates>>['byOdoo']['get']>>;

/** The id now holds another order (the ERP was reset or restored): the sale loses its link, never its lines. */
async function unlink(tx: Tx, found: Candidate, o: ErpSaleImport, changed: Changed) {
  const [r] = await tx
    .update(sales)
    .set({
      odooId: null,
      odooName: null,
      odooCreatedAt: null,
      odooContentHash: null,
      odooSynced: false,
      odooSyncError: true,
      odooSyncMessage: `The ERP order ${found.odooName ?? o.odooId} this sale was linked to is no longer in the ERP (its id now holds ${o.odooName}, another order): publish the sale again`,
      version: sql`${sales.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(sales.id, found.id))
    .returning({ version: sales.version });
  changed.push({ saleId: found.id, version: r!.version });
}

/** The sale's cached totals as the order gives them (without its optional sections, and theirs apart). */
const totalsOf = (o: ErpSaleImport) => ({ totalPrice: o.totalPrice, optionalTotal: o.optionalTotal ?? '0' });

/** The sale's header columns as the order gives them. */
function headerOf(o: ErpSaleImport) {
  return {
    state: o.state,
    customerId: o.customer?.id ?? null,
    customerName: o.customer?.name ?? null,
    invoiceId: o.invoice?.id ?? null,
    invoiceName: o.invoice?.name ?? null,
    shippingId: o.shipping?.id ?? null,
    shippingName: o.shipping?.name ?? null,
    salespersonId: o.salesperson?.id ?? null,
    salespersonName: o.salesperson?.name ?? null,
    templateId: o.template?.id ?? null,
    templateName: o.template?.name ?? null,
    odooId: o.odooId,
    odooName: o.odooName,
    odooCreatedAt: o.createdAt,
    odooContentHash: o.contentHash,
    odooSyncError: false,
    odooSyncMessage: null,
    ...(o.erp
      ? {
          erpAmountUntaxed: o.erp.untaxed,
          erpAmountTax: o.erp.tax,
          erpAmountTotal: o.erp.total,
          erpPaymentTerm: o.erp.paymentTerm,
          erpValidityDate: o.erp.validityDate,
        }
      : {}),
  };
}

/**
 * The order written over the sale it was found on: its header always; its lines too, unless the sale is linked and
 * has local edits not yet synced (then only its state and header follow the ERP). Answers whether the lines go.
 */
async function updateFound(tx: Tx, found: Candidate, o: ErpSaleImport, counts: Counts, changed: Changed) {
  const keepLocalEdits = found.odooId !== null && !found.synced;
  const [bumped] = await tx
    .update(sales)
    .set({
      ...headerOf(o),
      ...(keepLocalEdits ? {} : { ...totalsOf(o), odooSynced: true, odooSyncedOn: new Date() }),
      version: sql`${sales.version} + 1`,
      updatedAt: new Date(),
      updatedByName: 'ERP',
      updatedById: null,
    })
    .where(eq(sales.id, found.id))
    .returning({ version: sales.version });
  changed.push({ saleId: found.id, version: bumped!.version });
  if (keepLocalEdits) {
    counts['state-only'] += 1;
    return false;
  }
  await tx.delete(saleSections).where(eq(saleSections.saleId, found.id));
  counts.updated += 1;
  return true;
}

/** A sale of its own for an order found nowhere here, with the next quote number. */
async function createFor(tx: Tx, o: ErpSaleImport, counts: Counts): Promise<string> {
  const [seq] = (await tx.execute(sql`select nextval('sale_quote_number_seq') as n`)).rows as { n: string }[];
  const [row] = await tx
    .insert(sales)
    .values({
      ...headerOf(o),
      name: o.odooName,
      quoteNumber: formatQuoteNumber(Number(seq!.n)),
      ...totalsOf(o),
      odooSynced: true,
      odooSyncedOn: new Date(),
      createdByName: 'ERP',
      updatedByName: 'ERP',
    })
    .returning({ id: sales.id });
  counts.created += 1;
  return row!.id;
}

/** The order's sections and lines written to the sale (which has none now). */
async function insertContent(tx: Tx, saleId: string, o: ErpSaleImport) {
  if (o.sections.length === 0) return;
  const sectionRows = await tx
    .insert(saleSections)
    .values(
      o.sections.map((s, position) => ({
        saleId,
        position,
        name: s.name,
        odooLineId: s.odooLineId,
        presentation: s.presentation ?? ('details' as const),
      })),
    )
    .returning({ id: saleSections.id, position: saleSections.position });
  const lineRows = sectionRows.flatMap((s) =>
    o.sections[s.position]!.lines.map((l, position) => ({ ...l, saleId, sectionId: s.id, position })),
  );
  if (lineRows.length > 0) await tx.insert(saleLines).values(lineRows);
}

/** One order of a page brought in (see importPage). */
async function importOrder(
  tx: Tx,
  keys: OrderKeys,
  candidatesOf: { byOdoo: Map<number, Candidate>; byQuote: Map<string, Candidate> },
  o: ErpSaleImport,
  counts: Counts,
  changed: Changed,
) {
  // A sale not linked yet takes the order of its quote number only when the order carries the sale's key
  // (a publish from here whose answer was lost). Another installation's, a person's or an older system's
  // order under the same number is brought in as a sale of its own, never over a local draft.
  const unlinked = o.origin ? candidatesOf.byQuote.get(parseOrigin(o.origin).slot) : undefined;
  let found =
    candidatesOf.byOdoo.get(o.odooId) ?? (unlinked && keys.owns(o.origin, unlinked.id) ? unlinked : undefined);
  if (found?.odooId === o.odooId && found.createdAt !== null && found.createdAt !== o.createdAt) {
    await unlink(tx, found, o, changed);
    found = undefined;
  }
  if (found && found.hash === o.contentHash && found.odooId === o.odooId) {
    // Orders linked before their creation time was kept learn it (it proves which order a sync writes to).
    if (found.createdAt === null && o.createdAt !== null)
      await tx.update(sales).set({ odooCreatedAt: o.createdAt }).where(eq(sales.id, found.id));
    counts.unchanged += 1;
    return;
  }
  if (found) {
    if (await updateFound(tx, found, o, counts, changed)) await insertContent(tx, found.id, o);
    return;
  }
  await insertContent(tx, await createFor(tx, o, counts), o);
}

export function salesErpRepository(db: Db, keys: OrderKeys) {
  return {
    async analyze(): Promise<void> {
      await db.execute(sql`analyze sales, sale_sections, sale_lines`);
    },
    /**
     * Brings a page of ERP orders in. Matches by odoo id (the same order: when the sale recorded the order's creation
     * time, it must be the same), else a sale not linked yet whose key the origin carries (a publish from here whose
     * answer was lost). Unchanged orders (same content hash) are not written. A linked sale with local edits not yet
     * synced keeps its lines: only its state and header follow the ERP. A sale whose linked id now holds another
     * order (the ERP was reset or restored) is unlinked and flagged; that order comes in as a sale of its own.
     */
    async importPage(orders: ErpSaleImport[]): Promise<{ counts: Counts; changed: Changed }> {
      const counts: Counts = { created: 0, updated: 0, unchanged: 0, 'state-only': 0 };
      /** Existing sales rewritten (with their new version): their open editors read them again. */
      const changed: Changed = [];
      if (orders.length === 0) return { counts, changed };
      return db.transaction(async (tx) => {
        const found = await candidates(tx, orders);
        for (const o of orders) await importOrder(tx, keys, found, o, counts, changed);
        return { counts, changed };
      });
    },
  };
}
export type SalesErpRepository = ReturnType<typeof salesErpRepository>;
