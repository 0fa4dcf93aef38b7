import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from './client';
import { saleLines, saleSections, sales } from './schema';

/** A migrated database holding one sale with sections A and B, and a reader of a section's version. */
async function saleWithTwoSections(quoteNumber: string) {
  const database = await createDb();
  await database.migrate();
  const { db } = database;
  const [sale] = await db.insert(sales).values({ quoteNumber }).returning();
  const [a, b] = await db
    .insert(saleSections)
    .values([
      { saleId: sale!.id, position: 0, name: 'A' },
      { saleId: sale!.id, position: 1, name: 'B' },
    ])
    .returning();
  const version = async (id: string) =>
    (await db.select({ v: saleSections.version }).from(saleSections).where(eq(saleSections.id, id)))[0]!.v;
  return { database, db, sale: sale!, a: a!, b: b!, version };
}

describe('section versions (triggers)', () => {
  it('grow when the section or any of its lines change, and only then', async () => {
    const { database, db, sale, a, b, version } = await saleWithTwoSections('QT1');
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

  it('move once per transaction, however many statements or data-modifying CTEs change the lines', async () => {
    const { database, db, sale, a, b, version } = await saleWithTwoSections('QT2');
    const [l1, l2, l3] = await db
      .insert(saleLines)
      .values(
        [0, 1, 2].map((position) => ({ saleId: sale!.id, sectionId: a!.id, position, description: `${position}` })),
      )
      .returning();
    expect(await version(a!.id)).toBe(2);

    // Several statements in one transaction: one step for A, one for B (moved into it).
    await db.transaction(async (tx) => {
      await tx.update(saleLines).set({ quantity: '2' }).where(eq(saleLines.id, l1!.id));
      await tx.update(saleLines).set({ position: 5 }).where(eq(saleLines.id, l2!.id));
      await tx.update(saleLines).set({ sectionId: b!.id }).where(eq(saleLines.id, l3!.id));
    });
    expect([await version(a!.id), await version(b!.id)]).toEqual([3, 2]);

    // One statement deleting a line and renumbering the others (two CTEs, two trigger events): one step.
    await database.executeSql(
      `with gone as (delete from sale_lines where id = $1 returning id),
        renumbered as (update sale_lines set position = 0 where id = $2 returning id)
       select (select count(*) from gone) as gone, (select count(*) from renumbered) as renumbered`,
      [l1!.id, l2!.id],
    );
    expect(await version(a!.id)).toBe(4);

    // A rolled-back savepoint takes its mark with it: the next change in the transaction still moves the section.
    await db.transaction(async (tx) => {
      await tx
        .transaction(async (sp) => {
          await sp.update(saleLines).set({ quantity: '7' }).where(eq(saleLines.id, l2!.id));
          throw new Error('roll back to the savepoint');
        })
        .catch(() => undefined);
      await tx.update(saleLines).set({ quantity: '8' }).where(eq(saleLines.id, l2!.id));
    });
    expect(await version(a!.id)).toBe(5);
    // And the next transaction moves it again.
    await db.update(saleLines).set({ quantity: '9' }).where(eq(saleLines.id, l2!.id));
    expect(await version(a!.id)).toBe(6);
    await database.close();
  });
});
