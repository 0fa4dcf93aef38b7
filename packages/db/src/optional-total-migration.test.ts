// Migration 0024 caches a sale's optional sections' total (sales.optional_total) and computes it for the sales there
// are, as packages/domain's salePricing does: discounts, "Based on Total" lines, notes and headers, rounding.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PricingLine, type SectionPresentation, salePricing } from '@quotewright/domain';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { createDb, migrationsFolder } from './client';
import { sales, sql } from './index';

/** The migrations up to (without) `tag`: a database as it was before that migration. */
function migrationsBefore(tag: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'qw-migrations-')), 'migrations');
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

type Line = Required<Pick<PricingLine, 'kind'>> & {
  price: string;
  quantity: string;
  discount?: string;
  percent?: boolean;
};
interface Section {
  presentation: SectionPresentation;
  lines: Line[];
}

const product = (price: string, quantity: string, discount = '0', percent = false): Line => ({
  kind: 'product',
  price,
  quantity,
  discount,
  percent,
});

/**
 * Sales as they may be found: optional sections with discounts, percent lines, notes, headers, half cents either way
 * (values as their columns store them).
 */
const SALES: Record<string, Section[]> = {
  '00000000-0000-4000-8000-000000000001': [
    { presentation: 'details', lines: [product('1000', '2')] },
    {
      presentation: 'optional',
      lines: [
        product('10.50', '3'),
        product('99.99', '1.5', '12.5'),
        { kind: 'note', price: '500', quantity: '1' },
        { kind: 'header', price: '7', quantity: '3' },
        product('10', '3', '0', true),
        product('5', '2', '50', true),
      ],
    },
    {
      presentation: 'optional',
      lines: [
        product('0.05', '0.1'),
        product('-3.33', '1.5'),
        product('-3.33', '3', '0.0001'),
        product('7', '1', '0', true),
      ],
    },
    { presentation: 'total', lines: [product('50', '1')] },
  ],
  // Only a percent line: its base is 0.
  '00000000-0000-4000-8000-000000000002': [{ presentation: 'optional', lines: [product('10', '4', '0', true)] }],
  // No optional section.
  '00000000-0000-4000-8000-000000000003': [{ presentation: 'quantities', lines: [product('12.34', '2')] }],
  // An empty optional section.
  '00000000-0000-4000-8000-000000000004': [{ presentation: 'optional', lines: [] }],
};

describe('migration 0024: the optional sections total of every sale', () => {
  it('computes it as the domain does', async () => {
    const database = await createDb();
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite drizzle instance behind Db
    await migrate(database.db as any, { migrationsFolder: migrationsBefore('0024_sale_optional_total') });
    const db = database.db;
    let n = 0;
    for (const [saleId, sections] of Object.entries(SALES)) {
      await db.execute(sql`insert into sales (id, quote_number, name) values (${saleId}, ${`Q${++n}`}, 'A sale')`);
      for (const [position, section] of sections.entries()) {
        const [row] = (
          await db.execute(sql`insert into sale_sections (sale_id, position, name, presentation)
            values (${saleId}, ${position}, 'S', ${section.presentation}) returning id`)
        ).rows as { id: string }[];
        for (const [i, l] of section.lines.entries())
          await db.execute(sql`insert into sale_lines
            (sale_id, section_id, position, kind, description, quantity, price, cost, discount, price_percentage_active)
            values (${saleId}, ${row!.id}, ${i}, ${l.kind}, 'x', ${l.quantity}, ${l.price}, 0, ${l.discount ?? '0'},
              ${l.percent ?? false})`);
      }
    }

    await database.migrate();
    const rows = await db.select({ id: sales.id, optional: sales.optionalTotal }).from(sales);
    const expected = Object.entries(SALES).map(([id, sections]) => ({
      id,
      optional: salePricing(
        sections.map((s) => ({
          presentation: s.presentation,
          lines: s.lines.map((l) => ({ ...l, price_percentage_active: l.percent ?? false })),
        })),
      ).optional_total,
    }));
    expect(rows.sort((x, y) => x.id.localeCompare(y.id))).toEqual(expected);
    // Not a trivial pass: the first sale has money in its optional sections.
    expect(Number(expected[0]!.optional)).not.toBe(0);
    await database.close();
  });
});
