import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from './client';
import { saleLines, saleSections, sales } from './schema';

describe('section versions (triggers)', () => {
  it('grow when the section or any of its lines change, and only then', async () => {
    const database = await createDb();
    await database.migrate();
    const { db } = database;
    const [sale] = await db.insert(sales).values({ quoteNumber: 'QT1' }).returning();
    const [a, b] = await db
      .insert(saleSections)
      .values([
        { saleId: sale!.id, position: 0, name: 'A' },
        { saleId: sale!.id, position: 1, name: 'B' },
      ])
      .returning();
    const version = async (id: string) =>
      (await db.select({ v: saleSections.version }).from(saleSections).where(eq(saleSections.id, id)))[0]!.v;
    expect(await version(a!.id)).toBe(1);

    const [l1, l2] = await db
      .insert(saleLines)
      .values([
        { saleId: sale!.id, sectionId: a!.id, position: 0, description: 'one' },
        { saleId: sale!.id, sectionId: a!.id, position: 1, description: 'two' },
      ])
      .returning();
    expect(await version(a!.id)).toBe(2); // one bump per statement
    expect(await version(b!.id)).toBe(1);

    await db.update(saleLines).set({ quantity: '3' }).where(eq(saleLines.id, l1!.id));
    expect(await version(a!.id)).toBe(3);
    // a discount change (migration 0007) invalidates the cached section like any line column
    expect(l1!.discount).toBe('0.0000');
    await db.update(saleLines).set({ discount: '5' }).where(eq(saleLines.id, l1!.id));
    expect(await version(a!.id)).toBe(4);
    await db.update(saleLines).set({ discount: '0' }).where(eq(saleLines.id, l1!.id));
    expect(await version(a!.id)).toBe(5);

    // a move bumps both the old and the new section
    await db.update(saleLines).set({ sectionId: b!.id }).where(eq(saleLines.id, l2!.id));
    expect([await version(a!.id), await version(b!.id)]).toEqual([6, 2]);

    await db.delete(saleLines).where(eq(saleLines.id, l2!.id));
    expect(await version(b!.id)).toBe(3);

    // the section's own fields count; its position does not
    await db.update(saleSections).set({ name: 'A2' }).where(eq(saleSections.id, a!.id));
    expect(await version(a!.id)).toBe(7);
    await db.update(saleSections).set({ position: 7 }).where(eq(saleSections.id, a!.id));
    expect(await version(a!.id)).toBe(7);
    // an update that changes nothing matches no rows: no bump
    await db.update(saleLines).set({ quantity: '9' }).where(eq(saleLines.id, '00000000-0000-4000-8000-000000000000'));
    expect(await version(a!.id)).toBe(7);
    await database.close();
  });
});
