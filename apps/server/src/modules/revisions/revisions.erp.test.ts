// What the ERP received is always a revision (docs/product/rules.md#revisions): each successful publish/sync saves
// one ("sent to ERP"), and the ERP sales fetch rewriting the sale's lines leaves the revisions as they were. Against
// the Odoo simulator (19, JSON-2) over real HTTP, the publish started on a socket as the web app does.
import type { RevisionCompare, RevisionList, RevisionRead, SaleDto } from '@quotewright/contracts';
import { sql } from '@quotewright/db';
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstCustomer, publishOnSocket, runErpFetch, seedSimProducts } from '../../../test/erp-kit';
import { createTestApp, simConnector, type TestApp } from '../../../test/helpers';
import { baseUrl } from '../../../test/sockets';
import { saleEvents } from '../../infra/sale-events';
import { api, roleTokens, type Tokens } from '../sales/testkit';

let sim: OdooSim;
let t: TestApp;
let url: string;
let tok: Tokens;
let a: ReturnType<typeof api>;
let catalog: number[];
let customer: { id: number; name: string };

beforeAll(async () => {
  sim = await startOdooSim({ version: 19 });
  const erp = simConnector(sim, { protocol: 'json2', timeoutMs: 5_000, retryDelayMs: 5 });
  t = await createTestApp({}, { erp, events: saleEvents(), saleSync: { retryDelaySeconds: 1 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(t.app.server.address());
  tok = await roleTokens(t);
  a = api(t);
  // Past the demo company's origins (Q00001…).
  await t.database.db.execute(sql`select setval('sale_quote_number_seq', 60000)`);
  catalog = await seedSimProducts(
    t,
    sim,
    [
      ['sale_ok', '=', true],
      ['default_code', '!=', false],
    ],
    4,
  );
  customer = firstCustomer(sim);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const list = (id: string) =>
  a.ok<RevisionList>('GET', `/api/sales/revisions/list/${id}`, tok.viewer).then((l) => l.items);

/** Publishes (or syncs) the sale as the full-rights user and waits for the run's end. */
const publish = (saleId: string) => publishOnSocket(url, tok.full, saleId);

describe('revisions and the ERP', () => {
  it('a successful publish saves what the ERP received; the sales fetch rewriting the lines leaves the revisions', async () => {
    const created = await a.ok<SaleDto>('POST', '/api/sales', tok.full, { name: 'Sent', customer });
    const withSection = await a.ok<SaleDto>('POST', `/api/sales/sections/create/${created._id}`, tok.full, {
      name: 'Main',
    });
    const section = withSection.sections[0]!._id;
    await a.ok('POST', `/api/sales/lines/create/${created._id}/${section}`, tok.full, {
      lines: [
        { product: catalog[0]!, quantity: '2' },
        { product: catalog[1]!, quantity: '3' },
      ],
      sequence: -1,
    });
    const sent = await a.ok<SaleDto>('GET', `/api/sales/${created._id}`, tok.viewer);
    await a.ok('POST', `/api/sales/revisions/save/${created._id}`, tok.editor, { comment: 'Draft' });

    const status = await publish(created._id);
    expect(status.state).toBe('synced');
    const [r2, r1] = await list(created._id);
    expect(r1).toMatchObject({ number: 1, source: 'manual', sent_to_erp: false });
    expect(r2).toMatchObject({
      number: 2,
      label: `${sent.quote_number}-R2`,
      source: 'erp',
      sent_to_erp: true,
      created_by: { name: 'Full' },
      total_price: sent.total_price,
      line_count: 2,
    });
    const kept = await a.ok<RevisionRead>('GET', `/api/sales/revisions/read/${created._id}/${r2!._id}`, tok.viewer);
    // The content as sent, with the link to the order the sync made.
    expect(kept.sale.sections).toEqual(sent.sections);
    expect(kept.sale).toMatchObject({ odoo_id: status.odooId, odoo_name: status.odooName, odoo_synced: true });

    // Odoo changes a quantity; the sales fetch rewrites the sale's lines.
    const [line] = sim.data.search('sale.order.line', [
      ['order_id', '=', status.odooId!],
      ['display_type', '=', false],
    ]);
    sim.data.write('sale.order.line', [line!], { product_uom_qty: 17 });
    await runErpFetch(a, tok.admin, 'sales');
    const fetched = await a.ok<SaleDto>('GET', `/api/sales/${created._id}`, tok.viewer);
    expect(fetched.sections.flatMap((s) => s.lines).some((l) => l.quantity === '17')).toBe(true);

    expect((await list(created._id)).map((r) => r._id)).toEqual([r2!._id, r1!._id]);
    const again = await a.ok<RevisionRead>('GET', `/api/sales/revisions/read/${created._id}/${r2!._id}`, tok.viewer);
    expect(again.sale).toEqual(kept.sale);
    const diff = await a.ok<RevisionCompare>(
      'GET',
      `/api/sales/revisions/compare/${created._id}?from=${r2!._id}&to=current`,
      tok.viewer,
    );
    expect(diff.diff.same).toBe(false);
  });
});
