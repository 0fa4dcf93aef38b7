// Who the sales are with and by: commercial partners (with their invoice/delivery addresses), salespersons
// (internal users), companies, the company of customer documents (with its currency) and the payment terms.

import { checkPage, NO_ARCHIVE_FILTER, type OdooSession, type Row } from './connector.session.js';
import { erpErrors } from './erp.errors.js';
import type {
  ErpCompany,
  ErpCompanyDocument,
  ErpConnector,
  ErpCurrency,
  ErpPage,
  ErpPartner,
  ErpPaymentTerm,
  ErpPostalDetails,
  ErpSalesperson,
} from './erp.types.js';
import { decimalString, htmlToText, num, refId, refName, str } from './mapping.js';

/** Address and contact fields of res.partner: the same on 18 and 19 (base module). */
const POSTAL_FIELDS = ['street', 'street2', 'zip', 'city', 'state_id', 'country_id', 'vat', 'email', 'phone'];

/**
 * The PDF header fields of res.company read for a customer document. Never `mobile`: 19 removed it and one unknown
 * field fails the whole read (HTTP 500 ValueError). `country_code` is a related field present on 18 and 19.
 */
export const COMPANY_FIELDS = [
  'name',
  'logo',
  'street',
  'street2',
  'zip',
  'city',
  'state_id',
  'country_id',
  'country_code',
  'vat',
  'phone',
  'email',
  'website',
  'currency_id',
  'company_registry',
];
const CURRENCY_FIELDS = ['name', 'symbol', 'position', 'decimal_places', 'rounding'];

export function partnerReads(
  s: OdooSession,
  opts: { login: string },
): Pick<
  ErpConnector,
  'fetchPartners' | 'countPartners' | 'fetchSalespersons' | 'companies' | 'fetchCompany' | 'fetchPaymentTerms'
> {
  return {
    fetchPartners: (p) => fetchPartners(s, p),
    countPartners: () => s.searchCount('res.partner', [['parent_id', '=', false]], NO_ARCHIVE_FILTER),
    fetchSalespersons: () => fetchSalespersons(s),
    companies: () => companies(s),
    fetchCompany: () => fetchCompany(s, opts.login),
    fetchPaymentTerms: () => fetchPaymentTerms(s),
  };
}

function postal(r: Row): ErpPostalDetails {
  return {
    street: str(r.street),
    street2: str(r.street2),
    zip: str(r.zip),
    city: str(r.city),
    state: refName(r.state_id),
    country: refName(r.country_id),
    vat: str(r.vat),
    email: str(r.email),
    phone: str(r.phone),
  };
}

async function fetchPartners(s: OdooSession, p: ErpPage): Promise<ErpPartner[]> {
  checkPage(p);
  // property_payment_term_id belongs to the account module (and a user without accounting rights may not see it).
  const schema = await s.schema('res.partner');
  const hasTerm = 'property_payment_term_id' in schema;
  const rows = await s.searchRead(
    'res.partner',
    [
      ['parent_id', '=', false],
      ['id', '>', p.afterId],
    ],
    ['name', 'display_name', 'active', ...POSTAL_FIELDS, ...(hasTerm ? ['property_payment_term_id'] : [])],
    { order: 'id asc', limit: p.limit, context: NO_ARCHIVE_FILTER },
  );
  const byParent = new Map<number, ErpPartner['addresses']>();
  if (rows.length > 0) {
    // Archived addresses are left out: they cannot be chosen on a new quotation.
    const children = await s.searchRead(
      'res.partner',
      [
        ['parent_id', 'in', rows.map((r) => r.id as number)],
        ['type', 'in', ['invoice', 'delivery']],
      ],
      ['parent_id', 'name', 'display_name', 'type', ...POSTAL_FIELDS],
      { order: 'id asc' },
    );
    for (const c of children) {
      const parent = refId(c.parent_id);
      if (parent === null || (c.type !== 'invoice' && c.type !== 'delivery')) continue;
      const list = byParent.get(parent) ?? [];
      list.push({
        odooId: c.id as number,
        name: str(c.name) ?? str(c.display_name) ?? '',
        type: c.type,
        ...postal(c),
      });
      byParent.set(parent, list);
    }
  }
  return rows.map((r) => ({
    odooId: r.id as number,
    name: str(r.name) ?? str(r.display_name) ?? '',
    ...postal(r),
    active: r.active !== false,
    paymentTermId: hasTerm ? refId(r.property_payment_term_id) : null,
    addresses: byParent.get(r.id as number) ?? [],
  }));
}

async function fetchSalespersons(s: OdooSession): Promise<ErpSalesperson[]> {
  const rows = await s.searchRead('res.users', [['share', '=', false]], ['name', 'email', 'login'], {
    order: 'id asc',
  });
  return rows.map((r) => {
    const login = str(r.login);
    return {
      odooId: r.id as number,
      name: str(r.name) ?? login ?? '',
      email: str(r.email) ?? (login?.includes('@') ? login : null),
    };
  });
}

async function companies(s: OdooSession): Promise<ErpCompany[]> {
  const rows = await s.searchRead('res.company', [], ['name'], { order: 'id asc' });
  return rows.map((r) => ({ odooId: r.id as number, name: str(r.name) ?? '' }));
}

/**
 * The connection user's company (Odoo's env.company without a context: res.users.company_id), else the first
 * company the user may read (by id). The user is found by the configured login: JSON-2 has no uid to ask with.
 */
async function fetchCompany(s: OdooSession, login: string): Promise<ErpCompanyDocument> {
  let companyId: number | null = null;
  if (login) {
    const [user] = await s.searchRead('res.users', [['login', '=', login]], ['company_id'], { limit: 1 });
    companyId = user ? refId(user.company_id) : null;
  }
  let [row] = companyId === null ? [] : await s.readIds('res.company', [companyId], COMPANY_FIELDS);
  if (!row) [row] = await s.searchRead('res.company', [], COMPANY_FIELDS, { order: 'id asc', limit: 1 });
  if (!row) throw erpErrors.missing('The ERP has no company the user may read', { operation: 'res.company.read' });
  const currencyId = refId(row.currency_id);
  const [cur] = currencyId === null ? [] : await s.readIds('res.currency', [currencyId], CURRENCY_FIELDS);
  const logo = str(row.logo);
  return {
    odooId: row.id as number,
    name: str(row.name) ?? '',
    street: str(row.street),
    street2: str(row.street2),
    zip: str(row.zip),
    city: str(row.city),
    state: refName(row.state_id),
    country: refName(row.country_id),
    countryCode: str(row.country_code),
    vat: str(row.vat),
    email: str(row.email),
    phone: str(row.phone),
    website: str(row.website),
    companyRegistry: str(row.company_registry),
    logo: logo && /^[A-Za-z0-9+/=\s]+$/.test(logo) ? logo.replace(/\s+/g, '') : null,
    currency: currencyOf(cur, currencyId, refName(row.currency_id)),
  };
}

/** res.currency as read; a currency the user may not read falls back to its code with 2 decimals, symbol after. */
function currencyOf(r: Row | undefined, id: number | null, code: string | null): ErpCurrency {
  const name = str(r?.name) ?? code ?? 'USD';
  const places = num(r?.decimal_places);
  const rounding = num(r?.rounding);
  return {
    odooId: (r?.id as number | undefined) ?? id ?? 0,
    name,
    symbol: str(r?.symbol) ?? name,
    position: r?.position === 'before' ? 'before' : 'after',
    decimalPlaces: places !== null && places >= 0 && places <= 6 ? places : 2,
    rounding: rounding !== null && rounding > 0 ? decimalString(rounding, 6).replace(/\.?0+$/, '') : '0.01',
  };
}

async function fetchPaymentTerms(s: OdooSession): Promise<ErpPaymentTerm[]> {
  const rows = await s.searchRead('account.payment.term', [], ['id', 'name', 'note'], { order: 'sequence, id' });
  return rows.map((r) => ({ odooId: r.id as number, name: str(r.name) ?? '', note: htmlToText(r.note) }));
}
