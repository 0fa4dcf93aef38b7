import { type Db, eq, sales } from '@quotewright/db';

/** What the ERP order page reads from the database: the quote linked to the order. */
export function erpOrderRepository(db: Db) {
  return {
    async saleOfOrder(odooId: number): Promise<{ id: string; quoteNumber: string; name: string } | undefined> {
      const [row] = await db
        .select({ id: sales.id, quoteNumber: sales.quoteNumber, name: sales.name })
        .from(sales)
        .where(eq(sales.odooId, odooId))
        .limit(1);
      return row;
    },
  };
}
export type ErpOrderRepository = ReturnType<typeof erpOrderRepository>;
