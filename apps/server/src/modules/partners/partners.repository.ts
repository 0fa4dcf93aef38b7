import {
  and,
  asc,
  type Db,
  eq,
  inArray,
  partnerAddresses,
  partners,
  pgArray,
  quotationTemplates,
  salespersons,
  sql,
} from '@quotewright/db';

/** Where a partner or an address is and how to reach it: the customer block of customer documents. */
export interface PostalColumns {
  street: string | null;
  street2: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  vat: string | null;
  phone: string | null;
}

export interface PartnerUpsert extends PostalColumns {
  id: number;
  name: string;
  email: string | null;
  active: boolean;
  paymentTermId: number | null;
  contentHash: string;
  addresses: ({ id: number; name: string; type: 'invoice' | 'delivery'; email: string | null } & PostalColumns)[];
}

/** A partner or an address as a customer document shows it. */
export interface PartyDetails extends PostalColumns {
  id: number;
  name: string;
  email: string | null;
  /** 'customer' for a commercial partner, else the address's type */
  type: 'customer' | 'invoice' | 'delivery';
  /** the customer's payment term (a payment_terms id); null on addresses */
  paymentTermId: number | null;
}

const POSTAL_KEYS = ['street', 'street2', 'zip', 'city', 'state', 'country', 'vat', 'phone'] as const;
const excludedPostal = Object.fromEntries(POSTAL_KEYS.map((k) => [k, sql.raw(`excluded.${k}`)]));
export interface SimpleUpsert {
  id: number;
  name: string;
  email?: string | null;
  contentHash: string;
}

const changed = (table: { contentHash: unknown }) => sql`${table.contentHash} is distinct from excluded.content_hash`;

async function analyze(db: Db): Promise<void> {
  await db.execute(sql`analyze partners, partner_addresses, salespersons, quotation_templates`);
}

async function upsertPartners(db: Db, rows: PartnerUpsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  return db.transaction(async (tx) => {
    const written = await tx
      .insert(partners)
      .values(rows.map(({ addresses: _a, ...p }) => ({ ...p, updatedAt: new Date() })))
      .onConflictDoUpdate({
        target: partners.id,
        set: {
          name: sql`excluded.name`,
          email: sql`excluded.email`,
          active: sql`excluded.active`,
          ...excludedPostal,
          paymentTermId: sql`excluded.payment_term_id`,
          contentHash: sql`excluded.content_hash`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: changed(partners),
      })
      .returning({ id: partners.id });
    const ids = written.map((w) => w.id);
    if (ids.length > 0) {
      await tx.delete(partnerAddresses).where(inArray(partnerAddresses.partnerId, ids));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const addresses = ids.flatMap((id) => (byId.get(id)?.addresses ?? []).map((a) => ({ ...a, partnerId: id })));
      // An address can move between partners in the ERP: the newest fetch wins.
      if (addresses.length > 0) {
        await tx
          .insert(partnerAddresses)
          .values(addresses)
          .onConflictDoUpdate({
            target: partnerAddresses.id,
            set: {
              partnerId: sql`excluded.partner_id`,
              name: sql`excluded.name`,
              type: sql`excluded.type`,
              email: sql`excluded.email`,
              ...excludedPostal,
            },
          });
      }
    }
    return ids.length;
  });
}

async function deactivateMissingPartners(db: Db, seenIds: number[]): Promise<number> {
  const rows = await db
    .update(partners)
    .set({ active: false, contentHash: '' })
    .where(and(eq(partners.active, true), sql`not (${partners.id} = any(${pgArray(seenIds)}::int[]))`))
    .returning({ id: partners.id });
  return rows.length;
}

/** Salespersons and quotation templates are small lists: replace by content, deactivate the missing. */
async function syncSalespersons(db: Db, rows: SimpleUpsert[]): Promise<{ written: number; deactivated: number }> {
  return db.transaction(async (tx) => {
    const written = rows.length
      ? await tx
          .insert(salespersons)
          .values(
            rows.map((r) => ({
              id: r.id,
              name: r.name,
              email: r.email ?? null,
              active: true,
              contentHash: r.contentHash,
            })),
          )
          .onConflictDoUpdate({
            target: salespersons.id,
            set: {
              name: sql`excluded.name`,
              email: sql`excluded.email`,
              active: sql`true`,
              contentHash: sql`excluded.content_hash`,
            },
            setWhere: changed(salespersons),
          })
          .returning({ id: salespersons.id })
      : [];
    const gone = await tx
      .update(salespersons)
      .set({ active: false, contentHash: '' })
      .where(
        and(
          eq(salespersons.active, true),
          sql`not (${salespersons.id} = any(${pgArray(rows.map((r) => r.id))}::int[]))`,
        ),
      )
      .returning({ id: salespersons.id });
    return { written: written.length, deactivated: gone.length };
  });
}

async function syncTemplates(db: Db, rows: SimpleUpsert[]): Promise<{ written: number; deactivated: number }> {
  return db.transaction(async (tx) => {
    const written = rows.length
      ? await tx
          .insert(quotationTemplates)
          .values(rows.map((r) => ({ id: r.id, name: r.name, active: true, contentHash: r.contentHash })))
          .onConflictDoUpdate({
            target: quotationTemplates.id,
            set: { name: sql`excluded.name`, active: sql`true`, contentHash: sql`excluded.content_hash` },
            setWhere: changed(quotationTemplates),
          })
          .returning({ id: quotationTemplates.id })
      : [];
    const gone = await tx
      .update(quotationTemplates)
      .set({ active: false, contentHash: '' })
      .where(
        and(
          eq(quotationTemplates.active, true),
          sql`not (${quotationTemplates.id} = any(${pgArray(rows.map((r) => r.id))}::int[]))`,
        ),
      )
      .returning({ id: quotationTemplates.id });
    return { written: written.length, deactivated: gone.length };
  });
}

/** Active customers by name, each with its invoice and delivery addresses. */
async function listCustomers(db: Db) {
  const [rows, addresses] = await Promise.all([
    db
      .select({ id: partners.id, name: partners.name })
      .from(partners)
      .where(eq(partners.active, true))
      .orderBy(asc(partners.name), asc(partners.id)),
    db
      .select({
        id: partnerAddresses.id,
        name: partnerAddresses.name,
        type: partnerAddresses.type,
        partnerId: partnerAddresses.partnerId,
      })
      .from(partnerAddresses)
      .orderBy(asc(partnerAddresses.name), asc(partnerAddresses.id)),
  ]);
  const byPartner = new Map<
    number,
    { invoice: { id: number; name: string }[]; delivery: { id: number; name: string }[] }
  >();
  for (const a of addresses) {
    const entry = byPartner.get(a.partnerId) ?? { invoice: [], delivery: [] };
    byPartner.set(a.partnerId, entry);
    entry[a.type].push({ id: a.id, name: a.name });
  }
  return rows.map((r) => ({
    ...r,
    invoice: byPartner.get(r.id)?.invoice ?? [],
    delivery: byPartner.get(r.id)?.delivery ?? [],
  }));
}

async function listSalespersons(db: Db) {
  return db
    .select({ id: salespersons.id, name: salespersons.name })
    .from(salespersons)
    .where(eq(salespersons.active, true))
    .orderBy(asc(salespersons.name));
}

async function listTemplates(db: Db) {
  return db
    .select({ id: quotationTemplates.id, name: quotationTemplates.name })
    .from(quotationTemplates)
    .where(eq(quotationTemplates.active, true))
    .orderBy(asc(quotationTemplates.name));
}

/**
 * Customers and addresses by ERP id, as customer documents show them (decision 0031): a sale's customer, invoice
 * and delivery address. An id that is both a partner and an address answers the address (a sale's invoice and
 * shipping ids are addresses; its customer id is a partner): ask with the kind.
 */
async function parties(
  db: Db,
  ids: { customers?: number[]; addresses?: number[] },
): Promise<Map<string, PartyDetails>> {
  const out = new Map<string, PartyDetails>();
  const customers = [...new Set(ids.customers ?? [])];
  const addresses = [...new Set(ids.addresses ?? [])];
  const [p, a] = await Promise.all([
    customers.length
      ? db.select().from(partners).where(inArray(partners.id, customers))
      : Promise.resolve([] as (typeof partners.$inferSelect)[]),
    addresses.length
      ? db.select().from(partnerAddresses).where(inArray(partnerAddresses.id, addresses))
      : Promise.resolve([] as (typeof partnerAddresses.$inferSelect)[]),
  ]);
  const postal = (r: PostalColumns): PostalColumns => ({
    street: r.street,
    street2: r.street2,
    zip: r.zip,
    city: r.city,
    state: r.state,
    country: r.country,
    vat: r.vat,
    phone: r.phone,
  });
  for (const r of p)
    out.set(`customer:${r.id}`, {
      id: r.id,
      name: r.name,
      email: r.email,
      type: 'customer',
      paymentTermId: r.paymentTermId,
      ...postal(r),
    });
  for (const r of a)
    out.set(`address:${r.id}`, {
      id: r.id,
      name: r.name,
      email: r.email,
      type: r.type,
      paymentTermId: null,
      ...postal(r),
    });
  // An address id that is the customer itself (Odoo's default when a customer has no invoice/delivery child).
  const missing = addresses.filter((id) => !out.has(`address:${id}`));
  if (missing.length)
    for (const r of await db.select().from(partners).where(inArray(partners.id, missing)))
      out.set(`address:${r.id}`, {
        id: r.id,
        name: r.name,
        email: r.email,
        type: 'customer',
        paymentTermId: r.paymentTermId,
        ...postal(r),
      });
  return out;
}

/** The partners, salespersons and quotation templates fetched from the ERP: written by the fetch, read by the editor. */
export function partnersRepository(db: Db) {
  return {
    analyze: () => analyze(db),
    upsertPartners: (rows: PartnerUpsert[]) => upsertPartners(db, rows),
    deactivateMissingPartners: (seenIds: number[]) => deactivateMissingPartners(db, seenIds),
    syncSalespersons: (rows: SimpleUpsert[]) => syncSalespersons(db, rows),
    syncTemplates: (rows: SimpleUpsert[]) => syncTemplates(db, rows),
    customers: () => listCustomers(db),
    salespersons: () => listSalespersons(db),
    templates: () => listTemplates(db),
    /** Customers and addresses by ERP id with their postal details (keys `customer:<id>`, `address:<id>`). */
    parties: (ids: { customers?: number[]; addresses?: number[] }) => parties(db, ids),
    /** A salesperson's e-mail (the customer PDF prints it under their name); null when unknown. */
    async salespersonEmail(id: number): Promise<string | null> {
      const [row] = await db.select({ email: salespersons.email }).from(salespersons).where(eq(salespersons.id, id));
      return row?.email ?? null;
    },
  };
}
export type PartnersRepository = ReturnType<typeof partnersRepository>;
