// The chaos run's ERP (bench/chaos.ts): the project's Odoo simulator in a process of its own, on a fixed port, with a
// small control endpoint on another port (loopback) to inject and clear faults and to read what the ERP holds:
//   POST /faults {FaultConfig, matchRe?}   POST /faults/reset
//   GET  /orders        every sale.order: id, name, origin, state, amount_untaxed, line count
//   POST /fingerprints  {ids} → {id: sha256 of the order's stored record and its lines' records}
//   POST /foreign       {origin} → a new order not made by Quotewright (the run checks it stays untouched)
//   GET  /catalog       {products: sellable product ids, customer: {id, name}}
// Started as `node --import tsx bench/kit/chaos-sim.ts` with CHAOS_SIM_PORT, CHAOS_SIM_CONTROL_PORT and
// CHAOS_SIM_API_KEY; prints one line `ready` once both listen.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { type FaultConfig, startOdooSim } from '@quotewright/odoo-sim';

const sim = await startOdooSim({
  port: Number(process.env.CHAOS_SIM_PORT),
  version: 19,
  size: 'demo',
  seed: 25,
  db: 'chaos',
  login: 'admin',
  ...(process.env.CHAOS_SIM_API_KEY ? { apiKey: process.env.CHAOS_SIM_API_KEY } : {}),
});

const body = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
};

const linesOf = (id: number) => sim.data.search('sale.order.line', [['order_id', '=', id]], { order: 'id' });

function fingerprint(id: number): string {
  const order = sim.data.get('sale.order', id);
  const lines = linesOf(id).map((l) => sim.data.get('sale.order.line', l));
  return createHash('sha256').update(JSON.stringify({ order, lines })).digest('hex');
}

function orders() {
  const ids = sim.data.search('sale.order', [], { order: 'id', activeTest: false });
  return sim.data.read('sale.order', ids, ['name', 'origin', 'state', 'amount_untaxed', 'order_line']).map((o) => ({
    id: o.id as number,
    name: String(o.name),
    origin: o.origin ? String(o.origin) : null,
    state: String(o.state),
    amount_untaxed: Number(o.amount_untaxed),
    lines: (o.order_line as number[]).length,
  }));
}

function catalog() {
  const products = sim.data.search('product.product', [['sale_ok', '=', true]], { limit: 400, order: 'id' });
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
  return { products, customer: { id: c!.id as number, name: String(c!.name) } };
}

function foreign(origin: string): number {
  const { products, customer } = catalog();
  return sim.data.create('sale.order', {
    partner_id: customer.id,
    origin,
    order_line: products.slice(0, 3).map((p) => [0, 0, { product_id: p, product_uom_qty: 2 }]),
  });
}

const control = createServer((req, res) => {
  const answer = (status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  void (async () => {
    const path = req.url ?? '/';
    if (req.method === 'POST' && path === '/faults') {
      const { matchRe, ...cfg } = await body(req);
      sim.faults.set({
        ...(cfg as FaultConfig),
        ...(typeof matchRe === 'string' ? { match: new RegExp(matchRe) } : {}),
      });
      return answer(200, { ok: true });
    }
    if (req.method === 'POST' && path === '/faults/reset') {
      sim.faults.reset();
      return answer(200, { ok: true });
    }
    if (req.method === 'GET' && path === '/orders') return answer(200, orders());
    if (req.method === 'GET' && path === '/catalog') return answer(200, catalog());
    if (req.method === 'POST' && path === '/fingerprints') {
      const { ids } = (await body(req)) as { ids: number[] };
      return answer(200, Object.fromEntries(ids.map((id) => [id, fingerprint(id)])));
    }
    if (req.method === 'POST' && path === '/foreign') {
      const { origin } = (await body(req)) as { origin: string };
      return answer(200, { id: foreign(origin) });
    }
    answer(404, { error: `no ${req.method} ${path}` });
  })().catch((e: unknown) => answer(500, { error: e instanceof Error ? e.message : String(e) }));
});
control.listen(Number(process.env.CHAOS_SIM_CONTROL_PORT), '127.0.0.1', () => console.log('ready'));

const stop = async () => {
  control.close();
  await sim.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
