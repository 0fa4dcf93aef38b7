// The two companies (Quotewright Demo Inc. and its Canadian sister), their sales teams, the admin and the
// salespersons (one of them the restricted demo user).
import { setCredentials } from '../auth.js';
import {
  ADMIN_UID,
  DEMO_API_KEY,
  DEMO_LOGIN,
  DEMO_PASSWORD,
  DEMO_UID,
  groupsOf,
  ins,
  insAll,
  type SeedCtx,
  type Vals,
} from './context.js';
import { randomAddress } from './partners.js';

export const COMPANY_PARTNER: Vals = {
  id: 1,
  name: 'Quotewright Demo Inc.',
  is_company: true,
  type: 'contact',
  active: true,
  email: 'info@demo.example.com',
  phone: '+1 415 555 0100',
  street: '250 Executive Park Blvd',
  city: 'San Francisco',
  zip: '94134',
  country_id: 233,
  website: 'https://demo.example.com',
  company_id: 1,
};
export const ODOOBOT_PARTNER: Vals = {
  id: 2,
  name: 'OdooBot',
  type: 'contact',
  active: false,
  email: 'odoobot@example.com',
};
/** The admin's partner; its address is drawn. */
export const ADMIN_PARTNER: Vals = {
  id: 3,
  name: 'Mitchell Admin',
  type: 'contact',
  active: true,
  parent_id: 1,
  email: 'admin@demo.example.com',
};
export const CANADA_PARTNER: Vals = {
  id: 4,
  name: 'Quotewright Demo Canada Ltd.',
  is_company: true,
  type: 'contact',
  active: true,
  email: 'canada@demo.example.com',
  phone: '+1 416 555 0199',
  street: '100 King St W',
  city: 'Toronto',
  zip: 'M5X 1A9',
  country_id: 38,
  company_id: 4,
};

export const COMPANIES: Vals[] = [
  {
    id: 1,
    name: 'Quotewright Demo Inc.',
    partner_id: 1,
    currency_id: 1,
    sequence: 10,
    active: true,
    company_registry: 'C-100200',
  },
  {
    id: 4,
    name: 'Quotewright Demo Canada Ltd.',
    partner_id: 4,
    currency_id: 3,
    sequence: 20,
    active: true,
    company_registry: false,
  },
];

export const TEAMS: Vals[] = [
  { id: 1, name: 'Direct Sales', sequence: 10, active: true, company_id: false },
  { id: 2, name: 'Key Accounts', sequence: 20, active: true, company_id: 1 },
  { id: 3, name: 'Canada', sequence: 30, active: true, company_id: 4 },
  { id: 4, name: 'Pre-Sales', sequence: 40, active: true, company_id: false },
];
/** Team leaders, set once the users exist: [team, user]. */
const TEAM_LEADERS: [number, number][] = [
  [1, ADMIN_UID],
  [3, 10],
];

export const SYSTEM_USER: Vals = {
  id: 1,
  login: '__system__',
  partner_id: 2,
  company_id: 1,
  company_ids: [1, 4],
  share: false,
  active: false,
};
/** The admin (login from the options). */
export const ADMIN_USER: Vals = {
  id: ADMIN_UID,
  login: 'admin',
  partner_id: 3,
  company_id: 1,
  company_ids: [1, 4],
  share: false,
  active: true,
  sale_team_id: 1,
};
const ADMIN_GROUPS = [1, 2, 10, 11, 14, 15, 16];
const INTERNAL_GROUPS = [1, 10, 11, 13, 15, 16];
const DEMO_GROUPS = [1, 12];

// uids 3..11: salespersons (10 and 11 sell for the Canadian company); uid 6 is the restricted demo user.
export const SALES_NAMES = [
  'Paula Reyes',
  'Omar Haddad',
  'Nadia Petrov',
  'Marc Demo',
  'Victor Chen',
  'Grace Okafor',
  'Tomás Silva',
  'Hannah Brooks',
  'Isabelle Roy',
];
const FIRST_SALES_UID = 3;
export const CANADA_UIDS = [10, 11];

export interface Users {
  /** Salespersons of company 1 (the admin first). */
  salesUids: number[];
  canadaUids: number[];
  /** The next free partner id. */
  nextPartnerId: number;
}

/** Companies, teams and users; the admin's credentials from the options. */
export function seedCompanies(ctx: SeedCtx): Users {
  const { store, opts } = ctx;
  ins(ctx, 'res.partner', structuredClone(COMPANY_PARTNER));
  ins(ctx, 'res.partner', structuredClone(ODOOBOT_PARTNER));
  ins(ctx, 'res.partner', { ...structuredClone(ADMIN_PARTNER), ...randomAddress(ctx) });
  ins(ctx, 'res.partner', structuredClone(CANADA_PARTNER));
  insAll(ctx, 'res.company', COMPANIES);
  store.update('res.partner', 1, { company_id: 1 });

  insAll(ctx, 'crm.team', TEAMS);

  ins(ctx, 'res.users', structuredClone(SYSTEM_USER));
  ins(ctx, 'res.users', {
    ...structuredClone(ADMIN_USER),
    login: opts.login ?? 'admin',
    ...groupsOf(ctx.v, [...ADMIN_GROUPS]),
  });
  setCredentials(store, ADMIN_UID, { password: opts.password ?? 'admin', apiKeys: opts.apiKey ? [opts.apiKey] : [] });
  const users = seedSalespersons(ctx);
  for (const [team, user] of TEAM_LEADERS) store.update('crm.team', team, { user_id: user });
  return users;
}

const loginOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^\w ]/g, '')
    .replace(/ /g, '.');

function seedSalespersons(ctx: SeedCtx): Users {
  const { store, rng } = ctx;
  const internalGroups = groupsOf(ctx.v, [...INTERNAL_GROUPS]);
  const userIds: number[] = [ADMIN_UID];
  let pid = 5;
  for (let i = 0; i < SALES_NAMES.length; i++) {
    const uid = FIRST_SALES_UID + i;
    const name = SALES_NAMES[i]!;
    const canada = CANADA_UIDS.includes(uid);
    const login = uid === DEMO_UID ? DEMO_LOGIN : loginOf(name);
    const p = ins(ctx, 'res.partner', {
      id: pid++,
      name,
      type: 'contact',
      active: true,
      parent_id: canada ? 4 : 1,
      email: `${login}@demo.example.com`,
      phone: `+1 415 555 01${String(10 + i)}`,
    });
    ins(ctx, 'res.users', {
      id: uid,
      login,
      partner_id: p.id,
      company_id: canada ? 4 : 1,
      company_ids: canada ? [4] : [1, 4],
      share: false,
      active: true,
      sale_team_id: canada ? 3 : uid === DEMO_UID ? 4 : rng.pick([1, 2]),
      ...(uid === DEMO_UID ? groupsOf(ctx.v, [...DEMO_GROUPS]) : internalGroups),
    });
    if (uid === DEMO_UID) setCredentials(store, uid, { password: DEMO_PASSWORD, apiKeys: [DEMO_API_KEY] });
    userIds.push(uid);
  }
  return {
    salesUids: userIds.filter((u) => !CANADA_UIDS.includes(u)),
    canadaUids: [...CANADA_UIDS],
    nextPartnerId: pid,
  };
}
