// What the server tests against the Odoo simulator share: the simulator's products copied into the local catalog,
// the contacts fetch run to its end, and a publish/sync started on a socket as the web app starts it.
import type { OdooSyncStatus, SyncOdooAck } from '@quotewright/contracts';
import { products } from '@quotewright/db';
import type { OdooSim } from '@quotewright/odoo-sim';
import { expect } from 'vitest';
import type { api } from '../src/modules/sales/testkit';
import { eventually, type TestApp } from './helpers';
import { connectSocket, identify } from './sockets';

type Domain = Parameters<OdooSim['data']['search']>[1];

/** Products of the simulator that `domain` finds (at most `limit`, by id) copied into the catalog; their ids. */
export async function seedSimProducts(t: TestApp, sim: OdooSim, domain: Domain, limit: number): Promise<number[]> {
  const ids = sim.data.search('product.product', domain, { limit, order: 'id' });
  const rows = sim.data.read('product.product', ids, [
    'default_code',
    'display_name',
    'description_sale',
    'lst_price',
    'standard_price',
  ]);
  await t.database.db
    .insert(products)
    .values(
      rows.map((r) => ({
        id: r.id as number,
        model: String(r.default_code),
        name: String(r.display_name),
        description: String(r.description_sale || r.display_name),
        price: (r.lst_price as number).toFixed(2),
        cost: (r.standard_price as number).toFixed(4),
        contentHash: 'sim',
      })),
    )
    .onConflictDoNothing();
  return ids;
}

/** The simulator's first customer (a company partner with a customer rank), as a sale's header names it. */
export function firstCustomer(sim: OdooSim): { id: number; name: string } {
  const [c] = sim.data.read(
    'res.partner',
    sim.data.search(
      'res.partner',
      [
        ['parent_id', '=', false],
        ['customer_rank', '>', 0],
      ],
      { limit: 1, order: 'id' },
    ),
    ['name'],
  );
  return { id: c!.id as number, name: String(c!.name) };
}

/** The ERP's contacts fetched (company, payment terms, customers), waited for to its end. */
export const fetchContacts = (call: ReturnType<typeof api>, admin: string) => runErpFetch(call, admin, 'contacts');

/** An ERP data fetch (`contacts`, `sales`, …) started by the admin and waited for to its end. */
export async function runErpFetch(call: ReturnType<typeof api>, admin: string, kind: string) {
  const res = await call.post(`/api/odoo/sync/${kind}`, admin);
  expect(res.statusCode).toBe(202);
  const runId = res.json().id as string;
  return eventually(async () => {
    const r = (await call.get(`/api/odoo/runs/${runId}`, admin)).json() as {
      state: string;
      error: string | null;
      written: number;
    };
    return r.state === 'loading' ? undefined : r;
  }, 120_000);
}

/** Publishes (or syncs) the sale as `token`'s user on a socket, and waits for the run's end. */
export async function publishOnSocket(url: string, token: string, saleId: string): Promise<OdooSyncStatus> {
  const s = await connectSocket(url, token);
  try {
    expect((await identify(s, saleId)).ok).toBe(true);
    const ack = (await s.timeout(10_000).emitWithAck('sync_odoo', { sale: saleId, create_new: false })) as SyncOdooAck;
    if (!ack.ok) throw new Error(`sync_odoo refused: ${ack.detail}`);
    return await eventually(
      async () =>
        s.received
          .filter((r) => r.event === 'odoo_sync_status')
          .map((r) => r.args[0] as OdooSyncStatus)
          .find((e) => e.runId === ack.status.runId && ['synced', 'error', 'unknown'].includes(e.state)),
      60_000,
    );
  } finally {
    s.close();
  }
}
