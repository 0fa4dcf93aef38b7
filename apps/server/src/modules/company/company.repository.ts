// The company of customer documents, the ERP's payment terms and the documents' settings (decision 0031): written
// by the ERP data fetch (contacts), read by the company route, the sales' publish and the exports.
import {
  appSettings,
  asc,
  type Db,
  eq,
  erpCompany,
  getTableColumns,
  paymentTerms,
  pgArray,
  sql,
} from '@quotewright/db';
import { DEFAULT_CURRENCY, type MoneyCurrency } from '@quotewright/domain';

export type ErpCompanyRow = typeof erpCompany.$inferSelect;
export type ErpCompanySave = Omit<ErpCompanyRow, 'id' | 'updatedAt'>;
export interface PaymentTermSave {
  id: number;
  name: string;
  note: string;
  contentHash: string;
}
export interface PaymentTermRow {
  id: number;
  name: string;
  note: string;
  active: boolean;
}

/** app_settings key of "Quote validity (days)". */
export const QUOTE_VALIDITY_KEY = 'quote_validity_days';

/** How the company writes amounts; US dollars until the ERP company is known. */
export function currencyOf(
  c: Pick<ErpCompanyRow, 'currencySymbol' | 'currencyPosition' | 'currencyDecimalPlaces'> | undefined,
): MoneyCurrency {
  return c
    ? { symbol: c.currencySymbol, position: c.currencyPosition, decimalPlaces: c.currencyDecimalPlaces }
    : DEFAULT_CURRENCY;
}

export function companyRepository(db: Db) {
  return {
    /** Writes the company when it changed (content hash); answers whether it wrote. */
    async saveCompany(row: ErpCompanySave): Promise<boolean> {
      const written = await db
        .insert(erpCompany)
        .values({ ...row, id: 1, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: erpCompany.id,
          set: Object.fromEntries(
            Object.keys(row)
              .map((k) => [k, sql.raw(`excluded.${erpCompany[k as keyof ErpCompanySave].name}`)])
              .concat([['updatedAt', sql`excluded.updated_at`]]),
          ),
          setWhere: sql`${erpCompany.contentHash} is distinct from excluded.content_hash`,
        })
        .returning({ id: erpCompany.id });
      return written.length > 0;
    },

    /** The company without its logo (null before the first contacts fetch), and whether it has a logo. */
    async company(): Promise<(Omit<ErpCompanyRow, 'logo'> & { hasLogo: boolean }) | undefined> {
      const { logo: _logo, ...columns } = getTableColumns(erpCompany);
      const [row] = await db
        .select({ ...columns, hasLogo: sql<boolean>`${erpCompany.logo} is not null` })
        .from(erpCompany)
        .where(eq(erpCompany.id, 1));
      return row;
    },

    /** The company with its logo (base64): what a customer document prints. */
    async companyWithLogo(): Promise<ErpCompanyRow | undefined> {
      const [row] = await db.select().from(erpCompany).where(eq(erpCompany.id, 1));
      return row;
    },

    /** The currency amounts are written in: the ERP company's (US dollars until the first contacts fetch). */
    async currency(): Promise<MoneyCurrency> {
      const [row] = await db
        .select({
          currencySymbol: erpCompany.currencySymbol,
          currencyPosition: erpCompany.currencyPosition,
          currencyDecimalPlaces: erpCompany.currencyDecimalPlaces,
        })
        .from(erpCompany)
        .where(eq(erpCompany.id, 1));
      return currencyOf(row);
    },

    async logo(): Promise<string | null> {
      const [row] = await db.select({ logo: erpCompany.logo }).from(erpCompany).where(eq(erpCompany.id, 1));
      return row?.logo ?? null;
    },

    /** Replaces the payment terms by content; terms the ERP no longer lists are kept, inactive (sales name them). */
    async syncPaymentTerms(rows: PaymentTermSave[]): Promise<{ written: number; deactivated: number }> {
      return db.transaction(async (tx) => {
        const written = rows.length
          ? await tx
              .insert(paymentTerms)
              .values(rows.map((r) => ({ ...r, active: true })))
              .onConflictDoUpdate({
                target: paymentTerms.id,
                set: {
                  name: sql`excluded.name`,
                  note: sql`excluded.note`,
                  active: sql`true`,
                  contentHash: sql`excluded.content_hash`,
                },
                setWhere: sql`${paymentTerms.contentHash} is distinct from excluded.content_hash`,
              })
              .returning({ id: paymentTerms.id })
          : [];
        const gone = await tx
          .update(paymentTerms)
          .set({ active: false, contentHash: '' })
          .where(
            sql`${paymentTerms.active} and not (${paymentTerms.id} = any(${pgArray(rows.map((r) => r.id))}::int[]))`,
          )
          .returning({ id: paymentTerms.id });
        return { written: written.length, deactivated: gone.length };
      });
    },

    /** Every payment term (inactive ones too), by name. */
    async paymentTerms(): Promise<PaymentTermRow[]> {
      return db
        .select({ id: paymentTerms.id, name: paymentTerms.name, note: paymentTerms.note, active: paymentTerms.active })
        .from(paymentTerms)
        .orderBy(asc(paymentTerms.name), asc(paymentTerms.id));
    },

    async paymentTerm(id: number): Promise<PaymentTermRow | undefined> {
      const [row] = await db
        .select({ id: paymentTerms.id, name: paymentTerms.name, note: paymentTerms.note, active: paymentTerms.active })
        .from(paymentTerms)
        .where(eq(paymentTerms.id, id));
      return row;
    },

    async quoteValidityDays(): Promise<number | undefined> {
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, QUOTE_VALIDITY_KEY));
      const n = row ? Number(row.value) : Number.NaN;
      return Number.isInteger(n) && n >= 0 ? n : undefined;
    },

    async setQuoteValidityDays(days: number): Promise<void> {
      const value = String(days);
      await db
        .insert(appSettings)
        .values({ key: QUOTE_VALIDITY_KEY, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
    },
  };
}
export type CompanyRepository = ReturnType<typeof companyRepository>;
