// The chaos run's set-up through the balancer (bench/chaos.ts): the ERP's catalog and contacts fetched as an admin
// does it (Settings), the people created through the admin API with sales rights, and the sales built from the
// catalog (sections, then lines pasted in batches).
import type { SaleDto } from '@quotewright/contracts';
import { ADMIN } from './chaos-apps';
import { must, type Rng } from './chaos-http';
import { pause } from './chaos-infra';

export const PASSWORD = 'chaos-person-password-1';

/** An ERP data fetch (products, contacts) started by the admin and waited for to its end. */
export async function erpFetch(base: string, admin: string, kind: 'products' | 'contacts'): Promise<void> {
  const run = await must<{ id: string }>(base, 'POST', `/api/odoo/sync/${kind}`, admin);
  for (let i = 0; ; i++) {
    const r = await must<{ state: string; error: string | null }>(base, 'GET', `/api/odoo/runs/${run.id}`, admin);
    if (r.state !== 'loading') {
      if (r.error) throw new Error(`the ERP ${kind} fetch failed: ${r.error}`);
      return;
    }
    if (i > 1200) throw new Error(`the ERP ${kind} fetch did not end`);
    await pause(250);
  }
}

export const adminToken = async (base: string) =>
  (await must<{ token: string }>(base, 'POST', '/api/users/login', null, ADMIN)).token;

export interface Account {
  name: string;
  id: string;
  token: string;
}

/** A user made by the admin with sales rights (`editor` or `full`), signed in through the balancer. */
export async function account(
  base: string,
  admin: string,
  name: string,
  level: 'editor' | 'full_rights',
): Promise<Account> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@chaos.test`;
  const user = await must<{ _id: string }>(base, 'POST', '/api/users', admin, {
    name,
    email,
    password: PASSWORD,
    modules: { sales: { enabled: true, level } },
  });
  const { token } = await must<{ token: string }>(base, 'POST', '/api/users/login', null, {
    email,
    password: PASSWORD,
  });
  return { name, id: user._id, token };
}

/** A sale of `lines` product lines in a few sections, for `customer`, built through the API. */
export async function buildSale(
  base: string,
  token: string,
  name: string,
  customer: { id: number; name: string },
  products: number[],
  lines: number,
  rng: Rng,
): Promise<SaleDto> {
  const sale = await must<SaleDto>(base, 'POST', '/api/sales', token, { name, customer });
  const sections = rng.int(3, 8);
  for (let s = 0; s < sections; s++)
    await must(base, 'POST', `/api/sales/sections/create/${sale._id}`, token, { name: `Section ${s + 1}` });
  const built = await must<SaleDto>(base, 'GET', `/api/sales/${sale._id}`, token);
  let left = lines;
  for (const [i, section] of built.sections.entries()) {
    const n = i === built.sections.length - 1 ? left : Math.round(lines / sections);
    left -= n;
    for (let done = 0; done < n; done += 500)
      await must(base, 'POST', `/api/sales/lines/paste/${sale._id}/${section._id}`, token, {
        lines: Array.from({ length: Math.min(500, n - done) }, () => ({
          product: rng.pick(products),
          quantity: String(rng.int(1, 20)),
        })),
      });
  }
  return must<SaleDto>(base, 'GET', `/api/sales/${sale._id}`, token);
}

/** A small sale (a customer, one section, `lines` products): the probe's own. */
export async function smallSale(
  base: string,
  token: string,
  name: string,
  customer: { id: number; name: string },
  products: number[],
  lines = 8,
): Promise<SaleDto> {
  const sale = await must<SaleDto>(base, 'POST', '/api/sales', token, { name, customer });
  await must(base, 'POST', `/api/sales/sections/create/${sale._id}`, token, { name: 'Probe' });
  const withSection = await must<SaleDto>(base, 'GET', `/api/sales/${sale._id}`, token);
  await must(base, 'POST', `/api/sales/lines/paste/${sale._id}/${withSection.sections[0]!._id}`, token, {
    lines: products.slice(0, lines).map((product) => ({ product, quantity: '2' })),
  });
  return must<SaleDto>(base, 'GET', `/api/sales/${sale._id}`, token);
}
