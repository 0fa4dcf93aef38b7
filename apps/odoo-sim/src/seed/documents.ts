// What a customer document (the quotation PDF) needs from the ERP: the company's address, logo and currency, the
// payment terms and the customers' terms, and a sales tax on the goods. Seeded LAST, after every random draw and
// timestamp of the rest of the seed, so the data the seed made before stays exactly as it was.

import { insAll, type SeedCtx } from './context.js';
import { COUNTRY_STATES, PAYMENT_TERMS } from './reference.js';

/** A small real PNG (96×32), base64 as Odoo answers `logo`. */
export const DEMO_LOGO_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAAAgCAIAAABiouoDAAAAXElEQVR42u3USxEAEABFUU2EEEweGYWggZXP4Nx5Cc7ihaZhAQEgQNuAYq5TBggQIECAAL0ElK4KECBArwE5aUCAAJ0EKkcDBAjQ70BOGhAgQIAArQYSIECANtcBKdaBROQubZMAAAAASUVORK5CYII=';

/** Customers' payment terms by their order among the customers (false = none, Odoo's default when unset). */
const TERMS_CYCLE: (number | false)[] = [4, 6, false, 2, 9, false];

/** The currency of company 1: USD (id 1), or EUR (id 2) for tests of another currency. */
export type CompanyCurrency = 'USD' | 'EUR';

export function seedDocumentData(ctx: SeedCtx, currency: CompanyCurrency = 'USD') {
  const { store } = ctx;
  insAll(ctx, 'res.country.state', COUNTRY_STATES);
  insAll(ctx, 'account.payment.term', PAYMENT_TERMS);
  store.update('res.partner', 1, { street2: 'Suite 3400', state_id: 13, vat: 'US12-3456789' });
  store.update('res.partner', 4, { state_id: 60 });
  for (const c of store.all('res.company')) store.update('res.company', c.id, { logo: DEMO_LOGO_PNG });
  if (currency === 'EUR') store.update('res.company', 1, { currency_id: 2 });

  const customers = store
    .all('res.partner')
    .filter((p) => !p.parent_id && typeof p.customer_rank === 'number' && p.customer_rank > 0)
    .sort((a, b) => a.id - b.id);
  customers.forEach((p, k) => {
    const term = TERMS_CYCLE[k % TERMS_CYCLE.length]!;
    if (term !== false) store.update('res.partner', p.id, { property_payment_term_id: term });
  });

  // The 15 % sales tax (id 1, company 1) on every good (not on services): a new order line takes it by default.
  for (const t of store.all('product.template'))
    if (t.type === 'consu') store.update('product.template', t.id, { taxes_id: [1] });
}
