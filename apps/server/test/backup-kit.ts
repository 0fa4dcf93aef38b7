// Shared by the backup tests (src/backup.pg.test.ts, src/backup.pglite.test.ts): a populated database and what must
// survive a backup and a restore.
import type { Database } from '@quotewright/db';
import { eq, sales } from '@quotewright/db';
import { expect } from 'vitest';
import type { CliOutput } from '../src/backup-cli';
import { api, roleTokens, seedProducts } from '../src/modules/sales/testkit';
import type { TestApp } from './helpers';

export function output() {
  const lines: string[] = [];
  const out: CliOutput = { info: (l) => lines.push(l), error: (l) => lines.push(`ERROR ${l}`) };
  return { out, lines };
}

/** Users, two sales (sections, product lines and a note; activity from the edits), a template, a sale's sync state. */
export async function populate(t: TestApp) {
  const tok = await roleTokens(t);
  const a = api(t);
  await seedProducts(t, [1, 2, 3]);
  for (const name of ['Backed up A', 'Backed up B']) {
    const sale = await a.ok('POST', '/api/sales', tok.editor, { name });
    const made = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'Rack' });
    const section = made.sections[0]!._id;
    const filled = await a.ok('POST', `/api/sales/lines/create/${sale._id}/${section}`, tok.editor, {
      lines: [
        { product: 1, quantity: '5' },
        { product: 2, quantity: '3' },
      ],
    });
    await a.ok('POST', `/api/sales/lines/note/${sale._id}/${section}`, tok.editor, { name: 'Mind the stairs' });
    const line = filled.sections[0]!.lines[0]!;
    await a.ok('POST', `/api/sales/lines/update/${sale._id}/${section}`, tok.editor, [
      { _id: line._id, quantity: '7' },
    ]);
  }
  const template = await t.app.inject({
    method: 'POST',
    url: '/api/templates',
    headers: { authorization: `Bearer ${tok.full}` },
    payload: { name: 'Backed up template' },
  });
  expect(template.statusCode, template.body).toBeLessThan(300);
  await t.database.db
    .update(sales)
    .set({ odooId: 4242, odooSynced: true, odooSyncedOn: new Date('2026-11-20T10:00:00Z') })
    .where(eq(sales.name, 'Backed up A'));
}

/** What must survive: the rows of every table, the sales' totals and sync state, the users. */
export async function census(database: Database) {
  const { rows: tables } = await database.executeSql(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
      order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const name = String(table_name);
    const { rows } = await database.executeSql(`select count(*)::int as n from "${name}"`);
    counts[name] = Number(rows[0]!.n);
  }
  const { rows: saleRows } = await database.executeSql(
    `select name, total_price::text as total, version, odoo_id, odoo_synced,
            (select count(*)::int from sale_lines l where l.sale_id = s.id) as lines
       from sales s order by name`,
  );
  const { rows: userRows } = await database.executeSql(
    'select email, modules::text as modules from users order by email',
  );
  return { counts, sales: saleRows, users: userRows };
}

export function expectPopulated(c: Awaited<ReturnType<typeof census>>) {
  expect(c.counts.users).toBe(5);
  expect(c.counts.sale_lines).toBe(6);
  expect(c.counts.sale_activity).toBeGreaterThan(0);
  expect(c.counts.templates).toBe(1);
  expect(c.sales).toHaveLength(2);
  expect(c.sales[0]).toMatchObject({ name: 'Backed up A', odoo_id: 4242, odoo_synced: true, lines: 3 });
  expect(Number(c.sales[0]!.total)).toBeGreaterThan(0);
}
