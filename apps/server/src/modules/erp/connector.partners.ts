// Who the sales are with and by: commercial partners (with their invoice/delivery addresses), salespersons
// (internal users) and companies.

import { checkPage, NO_ARCHIVE_FILTER, type OdooSession } from './connector.session.js';
import type { ErpCompany, ErpConnector, ErpPage, ErpPartner, ErpSalesperson } from './erp.types.js';
import { refId, str } from './mapping.js';

export function partnerReads(
  s: OdooSession,
): Pick<ErpConnector, 'fetchPartners' | 'countPartners' | 'fetchSalespersons' | 'companies'> {
  return {
    fetchPartners: (p) => fetchPartners(s, p),
    countPartners: () => s.searchCount('res.partner', [['parent_id', '=', false]], NO_ARCHIVE_FILTER),
    fetchSalespersons: () => fetchSalespersons(s),
    companies: () => companies(s),
  };
}

async function fetchPartners(s: OdooSession, p: ErpPage): Promise<ErpPartner[]> {
  checkPage(p);
  const rows = await s.searchRead(
    'res.partner',
    [
      ['parent_id', '=', false],
      ['id', '>', p.afterId],
    ],
    ['name', 'display_name', 'email', 'active'],
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
      ['parent_id', 'name', 'display_name', 'type'],
      { order: 'id asc' },
    );
    for (const c of children) {
      const parent = refId(c.parent_id);
      if (parent === null || (c.type !== 'invoice' && c.type !== 'delivery')) continue;
      const list = byParent.get(parent) ?? [];
      list.push({ odooId: c.id as number, name: str(c.name) ?? str(c.display_name) ?? '', type: c.type });
      byParent.set(parent, list);
    }
  }
  return rows.map((r) => ({
    odooId: r.id as number,
    name: str(r.name) ?? str(r.display_name) ?? '',
    email: str(r.email),
    active: r.active !== false,
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
