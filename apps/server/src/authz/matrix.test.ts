/**
 * Authorization matrix: every route Fastify knows × every role → the expected status. A route without a row fails
 * the first test, so a new route cannot ship without deciding who may call it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  eq,
  productRelated,
  products,
  saleLines,
  saleSections,
  sales,
  templateLines,
  templateSections,
  templates,
} from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  createUser,
  login,
  modulesWith,
  PASSWORD,
  type TestApp,
} from '../../test/helpers';
import { baseUrl, type ClientSocket, connectSocket, identify, nextEvent } from '../../test/sockets';
import { type SaleEvents, saleEvents } from '../infra/sale-events';
import { INBOUND_EVENTS, OUTBOUND_EVENTS } from '../modules/realtime/realtime.gateway';

const ROLES = ['anonymous', 'disabled', 'viewer', 'editor', 'full', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Expect = Record<Role, number>;

interface Ctx {
  role: Role;
  /** The acting user (a random id for anonymous). */
  self: { id: string; email: string };
  /** A fresh user that is not the actor. */
  other(): Promise<{ id: string; email: string }>;
}
interface Case {
  name: string;
  path(ctx: Ctx): string | Promise<string>;
  body?(ctx: Ctx): unknown;
  headers?: Record<string, string>;
  expect: Expect;
  /** The call ends the actor's sessions (password change): log in again afterwards. */
  endsSession?: boolean;
}
type Matrix = Record<string, Case[]>;

const all = (status: number): Expect => ({
  anonymous: status,
  disabled: status,
  viewer: status,
  editor: status,
  full: status,
  admin: status,
});
const signedIn = (status: number, admin = status): Expect => ({ ...all(status), anonymous: 401, admin });
const adminOnly = (ok: number): Expect => ({ ...all(403), anonymous: 401, admin: ok });
/** Readers of a module: every enabled level and the admin; a user without the module is refused. */
const moduleViewers = (ok: number): Expect => ({
  anonymous: 401,
  disabled: 403,
  viewer: ok,
  editor: ok,
  full: ok,
  admin: ok,
});
/** Sale editors: editor, full and admin; a viewer or a user without the module is refused. */
const saleEditors = (ok: number): Expect => ({ ...moduleViewers(ok), viewer: 403 });
/** A sale that is not draft/sent: editors get 409, everyone else is refused first. */
const lockedSale: Expect = saleEditors(409);

interface SaleFixture {
  id: string;
  sections: [string, string];
  /** Lines of the first section: two products and a note. */
  lines: [string, string, string];
}
let saleSeq = 0;
/** A sale with two sections and three lines in the first, written straight to the database. */
async function saleFixture(
  state: 'draft' | 'done' = 'draft',
  extra: { customerId?: number; customerName?: string } = {},
): Promise<SaleFixture> {
  const { db } = t.database;
  const [sale] = await db
    .insert(sales)
    .values({ name: `Matrix ${++saleSeq}`, quoteNumber: `MX${saleSeq}`, state, ...extra })
    .returning({ id: sales.id });
  const secs = await db
    .insert(saleSections)
    .values([
      { saleId: sale!.id, position: 0, name: 'One' },
      { saleId: sale!.id, position: 1, name: 'Two' },
    ])
    .returning({ id: saleSections.id, position: saleSections.position });
  const [first, second] = secs.sort((x, y) => x.position - y.position).map((x) => x.id) as [string, string];
  const lines = await db
    .insert(saleLines)
    .values([
      { saleId: sale!.id, sectionId: first, position: 0, productId: 1, quantity: '1', price: '100', cost: '60' },
      { saleId: sale!.id, sectionId: first, position: 1, productId: 2, quantity: '2', price: '10', cost: '6' },
      { saleId: sale!.id, sectionId: first, position: 2, kind: 'note', description: 'A note' },
    ])
    .returning({ id: saleLines.id, position: saleLines.position });
  const ids = lines.sort((x, y) => x.position - y.position).map((l) => l.id) as [string, string, string];
  return { id: sale!.id, sections: [first, second], lines: ids };
}
let readFixture: SaleFixture;
/** A small quotewright.sale document (the JSON import). */
const importDocument = {
  format: 'quotewright.sale',
  version: 1,
  sale: {
    name: 'Imported',
    sections: [
      {
        name: 'One',
        show_details: true,
        lines: [
          {
            product: { id: 1, name: 'DESK-1', manufacturer: { name: null } },
            name: 'A desk',
            quantity: 1,
            price: 100,
            cost: 60,
          },
        ],
      },
    ],
  },
};

/** One row per mutation of a sale: a fresh draft per case (editors succeed) and a fresh locked sale (409). */
function saleMutation(
  name: string,
  path: (f: SaleFixture) => string,
  body?: (f: SaleFixture) => unknown,
  ok = 200,
): Case[] {
  const make = (state: 'draft' | 'done'): Case => {
    let fixture: SaleFixture;
    return {
      name: state === 'draft' ? name : `${name} on a locked sale`,
      path: async () => {
        fixture = await saleFixture(state);
        return path(fixture);
      },
      ...(body ? { body: () => body(fixture) } : {}),
      expect: state === 'draft' ? saleEditors(ok) : lockedSale,
    };
  };
  return [make('draft'), make('done')];
}

interface TemplateFixture {
  id: string;
  section: string;
  lines: [string, string];
}
/** A template with one section: a product line and a Based-on-Total line, written straight to the database. */
async function templateFixture(): Promise<TemplateFixture> {
  const { db } = t.database;
  const [tpl] = await db
    .insert(templates)
    .values({ name: `Matrix template ${++saleSeq}` })
    .returning();
  const [sec] = await db.insert(templateSections).values({ templateId: tpl!.id, position: 0, name: 'One' }).returning();
  const lines = await db
    .insert(templateLines)
    .values([
      { templateId: tpl!.id, sectionId: sec!.id, position: 0, productId: 1, quantity: '1', price: '100', cost: '60' },
      {
        templateId: tpl!.id,
        sectionId: sec!.id,
        position: 1,
        productId: 2,
        quantity: '1',
        price: '10',
        cost: '5',
        pricePercentageActive: true,
      },
    ])
    .returning();
  const ids = lines.sort((x, y) => x.position - y.position).map((l) => l.id) as [string, string];
  return { id: tpl!.id, section: sec!.id, lines: ids };
}
let readTemplate: TemplateFixture;
/** Template changes: sales full rights (and admins). */
const templateEditors = (ok: number): Expect => ({ ...moduleViewers(ok), viewer: 403, editor: 403 });
/** One row per change of a template: a fresh template per call. */
function templateMutation(
  name: string,
  path: (f: TemplateFixture) => string,
  body?: (f: TemplateFixture) => unknown,
  ok = 200,
): Case[] {
  let fixture: TemplateFixture;
  return [
    {
      name,
      path: async () => {
        fixture = await templateFixture();
        return path(fixture);
      },
      ...(body ? { body: () => body(fixture) } : {}),
      expect: templateEditors(ok),
    },
  ];
}
/** A sale mutation with a template applied to the sale first (refresh, remove). */
function saleTemplateMutation(name: string, action: 'refresh' | 'remove'): Case[] {
  const make = (state: 'draft' | 'done'): Case => ({
    name: state === 'draft' ? name : `${name} on a locked sale`,
    path: async () => {
      const f = await saleFixture(state);
      const tpl = await templateFixture();
      await t.database.db
        .update(sales)
        .set({ templateIds: [{ _id: tpl.id, name: 'Applied' }] })
        .where(eq(sales.id, f.id));
      return `/api/sales/templates/${action}/${f.id}/${tpl.id}`;
    },
    expect: state === 'draft' ? saleEditors(200) : lockedSale,
  });
  return [make('draft'), make('done')];
}

/** A sale (a fresh one) with one revision saved by the admin through the API: its ids. */
async function revisionFixture(state: 'draft' | 'done' = 'draft'): Promise<{ sale: string; revision: string }> {
  const f = await saleFixture(state);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/sales/revisions/save/${f.id}`,
    headers: bearer(await login(t, ADMIN_EMAIL, ADMIN_PASSWORD)),
    payload: {},
  });
  expect(res.statusCode).toBe(201);
  return { sale: f.id, revision: (res.json() as { _id: string })._id };
}
/** Revision routes on a fresh sale with a revision (docs/product/rules.md#revisions). */
const onRevision = (
  name: string,
  path: (r: { sale: string; revision: string }) => string,
  expect: Expect,
  state: 'draft' | 'done' = 'draft',
): Case => ({ name, path: async () => path(await revisionFixture(state)), expect });

/** The approval rules the matrix runs under (decision 0030): a product line under 15 % margin needs approval. */
const MATRIX_APPROVAL_RULES = {
  line_margin: { enabled: true, threshold: 15, approver: 'sales_full' },
  sale_margin: { enabled: false, threshold: 18, approver: 'sales_full' },
  max_discount: { enabled: false, threshold: 10, approver: 'sales_full' },
  sale_total: { enabled: false, threshold: 100000, approver: 'admin' },
} as const;
/** A sale whose first line is under the line margin (100 / 95), and with `requested` its approval asked by the admin. */
async function approvalFixture(state: 'draft' | 'done' = 'draft', requested = false) {
  const f = await saleFixture(state);
  await t.database.db.update(saleLines).set({ cost: '95' }).where(eq(saleLines.id, f.lines[0]));
  let version = 0;
  if (requested) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sales/approval/request/${f.id}`,
      headers: bearer((await tokenFor('admin'))!),
      payload: {},
    });
    version = (res.json() as { version: number }).version;
  }
  return { ...f, version };
}
/** Deciding a request (made by the admin): sales full rights and admins (an admin may decide their own). */
function approvalDecision(verb: 'approve' | 'reject'): Case[] {
  let version = 0;
  return [
    {
      name: 'a pending request',
      path: async () => {
        const f = await approvalFixture('draft', true);
        version = f.version;
        return `/api/sales/approval/${verb}/${f.id}`;
      },
      body: () => ({ version, comment: 'Matrix' }),
      expect: { ...saleEditors(200), editor: 403 },
    },
  ];
}

const RUN_ID = '5b0c1c1e-0000-4000-8000-000000000001';
let seq = 0;
const uniqueEmail = () => `matrix-${Date.now()}-${++seq}@example.com`;

const MATRIX: Matrix = {
  'GET /api/health': [{ name: 'public', path: () => '/api/health', expect: all(200) }],
  // npm run backup's route: only with the data directory lock's secret, from loopback (backup.pglite.test.ts); the
  // test app has no data directory, so everyone gets the 404 of an unknown route.
  'GET /api/ops/backup': [{ name: 'without the lock secret', path: () => '/api/ops/backup', expect: all(404) }],
  'GET /api/ready': [{ name: 'public', path: () => '/api/ready', expect: all(200) }],
  // Prometheus metrics: only the metrics token or an allowed address, neither set here; a session is not enough.
  'GET /metrics': [{ name: 'no metrics token or address configured', path: () => '/metrics', expect: all(404) }],
  'GET /api/config': [{ name: 'public', path: () => '/api/config', expect: all(200) }],
  // The API's own description is public (it describes the API, no data): plugins/api-docs.ts.
  'GET /api/openapi.json': [{ name: 'public', path: () => '/api/openapi.json', expect: all(200) }],
  'GET /api/docs': [{ name: 'public', path: () => '/api/docs', expect: all(200) }],
  'GET /api/docs/:file': [
    { name: 'a file of the page', path: () => '/api/docs/docs.js', expect: all(200) },
    { name: 'any other file', path: () => '/api/docs/package.json', expect: all(400) },
  ],
  'POST /api/auth/exchange': [
    { name: 'unknown code', path: () => '/api/auth/exchange', body: () => ({ code: 'not-a-code' }), expect: all(401) },
  ],
  // Public SSO routes; the matrix app has no SSO configured, so both answer 404 to everyone (sso.test.ts: the flow).
  'GET /auth/azure': [{ name: 'SSO off', path: () => '/auth/azure', expect: all(404) }],
  'GET /auth/azure/callback': [
    { name: 'SSO off', path: () => '/auth/azure/callback?code=x&state=y', expect: all(404) },
  ],
  'POST /api/users/login': [
    {
      name: 'valid credentials',
      path: () => '/api/users/login',
      body: () => ({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      expect: all(200),
    },
  ],
  'GET /api/users': [{ name: 'list', path: () => '/api/users', expect: adminOnly(200) }],
  'POST /api/users': [
    {
      name: 'create',
      path: () => '/api/users',
      body: () => ({ name: 'Created', email: uniqueEmail(), password: 'long-enough-1' }),
      expect: adminOnly(201),
    },
  ],
  'GET /api/users/:id': [
    { name: 'own', path: (c) => `/api/users/${c.self.id}`, expect: signedIn(200) },
    { name: "another user's", path: async (c) => `/api/users/${(await c.other()).id}`, expect: adminOnly(200) },
  ],
  'POST /api/users/:id': [
    { name: 'own', path: (c) => `/api/users/${c.self.id}`, body: () => ({ name: 'Renamed' }), expect: adminOnly(200) },
    {
      name: "another user's",
      path: async (c) => `/api/users/${(await c.other()).id}`,
      body: () => ({ modules: { sales: { enabled: true } } }),
      expect: adminOnly(200),
    },
  ],
  'DELETE /api/users/:id': [
    { name: 'own', path: (c) => `/api/users/${c.self.id}`, expect: adminOnly(409) },
    { name: "another user's", path: async (c) => `/api/users/${(await c.other()).id}`, expect: adminOnly(204) },
  ],
  'POST /api/users/resetpassword/:id': [
    {
      name: 'own',
      path: (c) => `/api/users/resetpassword/${c.self.id}`,
      body: (c) => ({
        password: c.role === 'admin' ? ADMIN_PASSWORD : PASSWORD,
        password2: c.role === 'admin' ? ADMIN_PASSWORD : PASSWORD,
      }),
      expect: signedIn(200),
      endsSession: true,
    },
    {
      name: "another user's",
      path: async (c) => `/api/users/resetpassword/${(await c.other()).id}`,
      body: () => ({ password: 'new-password-1', password2: 'new-password-1' }),
      expect: adminOnly(200),
    },
  ],
  ...Object.fromEntries(
    ['darkmode', 'widescreen', 'discrete'].map((p) => [
      `POST /api/users/${p}/:id/:value`,
      [
        { name: 'own', path: (c: Ctx) => `/api/users/${p}/${c.self.id}/true`, expect: signedIn(200) },
        {
          name: "another user's",
          path: async (c: Ctx) => `/api/users/${p}/${(await c.other()).id}/true`,
          expect: adminOnly(200),
        },
      ],
    ]),
  ),
  'PUT /api/users/:id/preferences/sales-list': [
    {
      name: 'own',
      path: (c) => `/api/users/${c.self.id}/preferences/sales-list`,
      body: () => ({ groupBy: 'state', sort: 'total_price', direction: 'asc', pageSize: 50 }),
      expect: signedIn(200),
    },
    {
      name: "another user's",
      path: async (c) => `/api/users/${(await c.other()).id}/preferences/sales-list`,
      body: () => ({ groupBy: null, sort: null, direction: 'desc', pageSize: 20 }),
      expect: adminOnly(200),
    },
  ],
  'GET /api/products': [
    { name: 'list', path: () => '/api/products?search=desk&pageSize=5', expect: moduleViewers(200) },
  ],
  'GET /api/products/suggest': [
    { name: 'quick-add suggestions', path: () => '/api/products/suggest?q=desk', expect: moduleViewers(200) },
  ],
  'GET /api/products/:id': [{ name: 'one', path: () => '/api/products/1', expect: moduleViewers(200) }],
  'POST /api/products/match': [
    {
      name: 'pasted rows',
      path: () => '/api/products/match',
      body: () => ({ rows: [{ model: 'DESK-1', description: 'Desk' }] }),
      expect: moduleViewers(200),
    },
  ],
  'GET /api/products/hasrelated/:id': [
    { name: 'one', path: () => '/api/products/hasrelated/1', expect: moduleViewers(200) },
  ],
  'GET /api/partners/customers': [{ name: 'list', path: () => '/api/partners/customers', expect: moduleViewers(200) }],
  'GET /api/partners/templates': [{ name: 'list', path: () => '/api/partners/templates', expect: moduleViewers(200) }],
  'GET /api/partners/salespersons': [
    { name: 'list', path: () => '/api/partners/salespersons', expect: moduleViewers(200) },
  ],
  'POST /api/odoo/sync/:kind': [
    { name: 'products', path: () => '/api/odoo/sync/products', expect: adminOnly(202) },
    { name: 'sales', path: () => '/api/odoo/sync/sales', expect: adminOnly(202) },
    { name: 'contacts', path: () => '/api/odoo/sync/contacts', expect: adminOnly(202) },
  ],
  'GET /api/odoo/sync/:kind': [{ name: 'latest', path: () => '/api/odoo/sync/products', expect: adminOnly(200) }],
  'GET /api/odoo/runs/:id': [{ name: 'unknown run', path: () => `/api/odoo/runs/${RUN_ID}`, expect: adminOnly(404) }],
  'GET /api/sales': [{ name: 'list', path: () => '/api/sales?pageSize=5&search=matrix', expect: moduleViewers(200) }],
  'GET /api/sales/:id': [{ name: 'one', path: () => `/api/sales/${readFixture.id}`, expect: moduleViewers(200) }],
  'GET /api/sales/groups': [
    { name: 'groups', path: () => '/api/sales/groups?groupBy=state&pageSize=5', expect: moduleViewers(200) },
  ],
  'POST /api/sales': [
    { name: 'create', path: () => '/api/sales', body: () => ({ name: 'New' }), expect: saleEditors(201) },
    {
      name: 'import JSON',
      path: () => '/api/sales',
      body: () => ({ json: JSON.stringify(importDocument) }),
      expect: { ...saleEditors(201), editor: 403 },
    },
  ],
  'GET /api/sales/:id/activity': [
    { name: 'feed', path: () => `/api/sales/${readFixture.id}/activity?pageSize=5`, expect: moduleViewers(200) },
    {
      name: 'an unknown sale',
      path: () => `/api/sales/${RUN_ID}/activity`,
      expect: { ...moduleViewers(404), disabled: 403 },
    },
  ],
  'GET /api/sales/check/products/:id': [
    { name: 'validity check', path: () => `/api/sales/check/products/${readFixture.id}`, expect: moduleViewers(200) },
  ],
  // The demo ERP's read-only order page: the matrix app has no simulator, so a permitted caller gets 404 (the link
  // goes to the ERP itself); erp-order.test.ts reads an order through it.
  'GET /api/erp/orders/:id': [{ name: 'no demo ERP', path: () => '/api/erp/orders/1', expect: moduleViewers(404) }],
  'GET /api/sales/odoo/url/:id': [
    { name: 'not linked', path: () => `/api/sales/odoo/url/${readFixture.id}`, expect: moduleViewers(409) },
  ],
  'GET /api/sales/odoo/status/:id': [
    { name: 'never synced', path: () => `/api/sales/odoo/status/${readFixture.id}`, expect: moduleViewers(200) },
  ],
  // The ERP company of customer documents and the documents' settings (decision 0031): every signed-in person reads
  // them (amounts are shown in the company's currency); an admin changes the settings. No company is fetched here:
  // the logo is a 404 for everyone signed in.
  'GET /api/erp/company': [{ name: 'read', path: () => '/api/erp/company', expect: signedIn(200) }],
  'GET /api/erp/company/logo': [{ name: 'none yet', path: () => '/api/erp/company/logo', expect: signedIn(404) }],
  'GET /api/settings/documents': [{ name: 'read', path: () => '/api/settings/documents', expect: signedIn(200) }],
  'PUT /api/settings/documents': [
    {
      name: 'write',
      path: () => '/api/settings/documents',
      body: () => ({ quote_validity_days: 30 }),
      expect: adminOnly(200),
    },
  ],
  // Approvals (decision 0030): rules in Settings (admins), the state (viewers), the request (editors), decisions.
  'GET /api/settings/approval-rules': [
    { name: 'read', path: () => '/api/settings/approval-rules', expect: adminOnly(200) },
  ],
  'PUT /api/settings/approval-rules': [
    {
      name: 'write',
      path: () => '/api/settings/approval-rules',
      body: () => MATRIX_APPROVAL_RULES,
      expect: adminOnly(200),
    },
  ],
  // The admin audit log (decision 0033): admins only, filters refused to everyone else before they are read.
  'GET /api/admin/audit': [
    { name: 'newest first', path: () => '/api/admin/audit', expect: adminOnly(200) },
    {
      name: 'filtered',
      path: () => '/api/admin/audit?action=user.created&action=user.deleted&target=example&pageSize=5',
      expect: adminOnly(200),
    },
  ],
  'GET /api/admin/audit/actors': [{ name: 'actors', path: () => '/api/admin/audit/actors', expect: adminOnly(200) }],
  'GET /api/sales/approval/:id': [
    { name: 'state', path: () => `/api/sales/approval/${readFixture.id}`, expect: moduleViewers(200) },
    {
      name: 'an unknown sale',
      path: () => `/api/sales/approval/${RUN_ID}`,
      expect: { ...moduleViewers(404), disabled: 403 },
    },
  ],
  'POST /api/sales/approval/request/:id': [
    {
      name: 'a sale under the line margin',
      path: async () => `/api/sales/approval/request/${(await approvalFixture()).id}`,
      body: () => ({ comment: 'Matrix' }),
      expect: saleEditors(200),
    },
    {
      name: 'a locked sale',
      path: async () => `/api/sales/approval/request/${(await approvalFixture('done')).id}`,
      body: () => ({}),
      expect: lockedSale,
    },
  ],
  'POST /api/sales/approval/approve/:id': approvalDecision('approve'),
  'POST /api/sales/approval/reject/:id': approvalDecision('reject'),
  'GET /api/sales/approvals/pending': [
    { name: 'list', path: () => '/api/sales/approvals/pending?pageSize=5', expect: moduleViewers(200) },
  ],
  'GET /api/sales/odoo/check/:id': [
    {
      name: 'pre-publish check',
      path: () => `/api/sales/odoo/check/${readFixture.id}`,
      expect: { ...saleEditors(200), editor: 403 },
    },
  ],
  // Reports (decision 0013): the matrix app has no ERP, so a permitted caller gets the ERP's 502
  // (reports.test.ts: data).
  'GET /api/accounting/reports/analyticaccounts/:entryStatus/:accountingDate': [
    {
      name: 'summary',
      path: () => '/api/accounting/reports/analyticaccounts/posted/2026-11-24',
      expect: moduleViewers(502),
    },
  ],
  'GET /api/accounting/companies': [
    { name: 'list', path: () => '/api/accounting/companies', expect: moduleViewers(502) },
  ],
  'GET /api/accounting/report/journalitems/:startDate/:endDate/:companyId': [
    {
      name: 'export',
      path: () => '/api/accounting/report/journalitems/2026-01-01/2026-11-24/1',
      expect: moduleViewers(502),
    },
  ],
  'GET /api/inventory/stock/bylocation': [
    { name: 'list', path: () => '/api/inventory/stock/bylocation', expect: moduleViewers(502) },
  ],
  'GET /api/inventory/stock/byproduct': [
    { name: 'list', path: () => '/api/inventory/stock/byproduct', expect: moduleViewers(502) },
  ],
  'GET /api/inventory/stock/report': [
    { name: 'export', path: () => '/api/inventory/stock/report', expect: moduleViewers(502) },
  ],
  'GET /api/sales/excel/:id': [
    { name: 'export', path: () => `/api/sales/excel/${readFixture.id}`, expect: moduleViewers(200) },
  ],
  'GET /api/sales/json/:id': [
    { name: 'export', path: () => `/api/sales/json/${readFixture.id}`, expect: moduleViewers(200) },
  ],
  'GET /api/sales/:id/document': [
    { name: 'cover letter', path: () => `/api/sales/${readFixture.id}/document`, expect: moduleViewers(200) },
  ],
  'PUT /api/sales/:id/document': [
    {
      name: 'save the cover letter',
      path: () => `/api/sales/${readFixture.id}/document`,
      body: () => ({ body: [[{ text: 'Dear customer,' }]] }),
      expect: saleEditors(200),
    },
  ],
  'GET /api/sales/reports/:id': [
    { name: 'customer PDF', path: () => `/api/sales/reports/${readFixture.id}`, expect: moduleViewers(200) },
  ],
  'POST /api/sales/sections/copy/:destinationSaleId': [
    ...saleMutation(
      'copy within the sale',
      (f) => `/api/sales/sections/copy/${f.id}`,
      (f) => ({ sections: [f.sections[0]], _id: f.id, copyStyle: 'new', mergeProducts: false }),
    ),
    ...saleMutation(
      'copy from another sale',
      (f) => `/api/sales/sections/copy/${f.id}`,
      () => ({ sections: readFixture.sections, _id: readFixture.id, copyStyle: 'merge', mergeProducts: true }),
    ),
  ],
  // ─── Templates (decision 0014): read with the sales module, changed with sales full rights ──────────────────
  'GET /api/templates': [{ name: 'list', path: () => '/api/templates', expect: moduleViewers(200) }],
  'GET /api/templates/:id': [
    { name: 'read', path: () => `/api/templates/${readTemplate.id}`, expect: moduleViewers(200) },
  ],
  'POST /api/templates': [
    { name: 'create', path: () => '/api/templates', body: () => ({ name: 'New' }), expect: templateEditors(201) },
  ],
  'POST /api/templates/:id': templateMutation(
    'rename',
    (f) => `/api/templates/${f.id}`,
    () => ({ name: 'Renamed' }),
  ),
  'DELETE /api/templates/:id': templateMutation('delete', (f) => `/api/templates/${f.id}`),
  'POST /api/templates/sections/create/:templateId': templateMutation(
    'create section',
    (f) => `/api/templates/sections/create/${f.id}`,
    () => ({ name: 'Two' }),
  ),
  'POST /api/templates/sections/duplicate/:templateId/:sectionId': templateMutation(
    'duplicate section',
    (f) => `/api/templates/sections/duplicate/${f.id}/${f.section}`,
  ),
  'POST /api/templates/sections/update/:templateId/:sectionId': templateMutation(
    'update section',
    (f) => `/api/templates/sections/update/${f.id}/${f.section}`,
    () => ({ show_details: false }),
  ),
  'POST /api/templates/sections/delete/:templateId/:sectionId': templateMutation(
    'delete section',
    (f) => `/api/templates/sections/delete/${f.id}/${f.section}`,
  ),
  'POST /api/templates/sections/reorder/:templateId/:oldIndex/:newIndex': templateMutation(
    'reorder sections',
    (f) => `/api/templates/sections/reorder/${f.id}/0/0`,
  ),
  'POST /api/templates/lines/create/:templateId/:sectionId': templateMutation(
    'add products',
    (f) => `/api/templates/lines/create/${f.id}/${f.section}`,
    () => ({ lines: [{ product: 2, quantity: 1 }] }),
  ),
  'POST /api/templates/lines/paste/:templateId/:sectionId': templateMutation(
    'paste lines',
    (f) => `/api/templates/lines/paste/${f.id}/${f.section}`,
    () => ({ lines: [{ product: 2, quantity: '3', price: '9.50' }, { note: 'From the sheet' }], sequence: -1 }),
  ),
  'POST /api/templates/lines/note/:templateId/:sectionId': templateMutation(
    'add note',
    (f) => `/api/templates/lines/note/${f.id}/${f.section}`,
    () => ({ name: 'A note' }),
  ),
  'POST /api/templates/lines/header/:templateId/:sectionId': templateMutation(
    'add header',
    (f) => `/api/templates/lines/header/${f.id}/${f.section}`,
    () => ({ name: 'A header' }),
  ),
  'POST /api/templates/lines/update/:templateId/:sectionId': templateMutation(
    'edit lines',
    (f) => `/api/templates/lines/update/${f.id}/${f.section}`,
    (f) => [{ _id: f.lines[1], price: 12 }],
  ),
  'POST /api/templates/lines/delete/:templateId/:sectionId': templateMutation(
    'delete lines',
    (f) => `/api/templates/lines/delete/${f.id}/${f.section}`,
    (f) => [f.lines[0]],
  ),
  'POST /api/templates/lines/reorder/:templateId/:sectionId': templateMutation(
    'reorder lines',
    (f) => `/api/templates/lines/reorder/${f.id}/${f.section}`,
    () => ({ index: 0, line_insertion_point: -1 }),
  ),
  'POST /api/sales/templates/add/:saleId/:templateId': saleMutation(
    'apply a template',
    (f) => `/api/sales/templates/add/${f.id}/${readTemplate.id}`,
    () => ({ copyStyle: 'merge' }),
  ),
  'POST /api/sales/templates/refresh/:saleId/:templateId': saleTemplateMutation('refresh a template', 'refresh'),
  'POST /api/sales/templates/remove/:saleId/:templateId': saleTemplateMutation('remove a template', 'remove'),
  'POST /api/sales/:id': saleMutation(
    'update header',
    (f) => `/api/sales/${f.id}`,
    () => ({ name: 'Renamed' }),
  ),
  'DELETE /api/sales/:id': [
    {
      name: 'delete',
      path: async () => `/api/sales/${(await saleFixture()).id}`,
      expect: adminOnly(200),
    },
    {
      name: 'delete a locked sale',
      path: async () => `/api/sales/${(await saleFixture('done')).id}`,
      expect: adminOnly(200),
    },
  ],
  'POST /api/sales/sections/create/:saleId': saleMutation(
    'create',
    (f) => `/api/sales/sections/create/${f.id}`,
    () => ({ name: 'Three' }),
  ),
  'POST /api/sales/sections/duplicate/:saleId/:sectionId': saleMutation(
    'duplicate',
    (f) => `/api/sales/sections/duplicate/${f.id}/${f.sections[0]}`,
  ),
  'POST /api/sales/sections/update/:saleId/:sectionId': saleMutation(
    'update',
    (f) => `/api/sales/sections/update/${f.id}/${f.sections[0]}`,
    () => ({ name: 'Renamed', show_details: false }),
  ),
  'POST /api/sales/sections/delete/:saleId/:sectionId': saleMutation(
    'delete',
    (f) => `/api/sales/sections/delete/${f.id}/${f.sections[1]}`,
  ),
  'POST /api/sales/sections/reorder/:saleId/:oldIndex/:newIndex': saleMutation(
    'reorder',
    (f) => `/api/sales/sections/reorder/${f.id}/0/1`,
  ),
  'POST /api/sales/lines/create/:saleId/:sectionId': saleMutation(
    'create',
    (f) => `/api/sales/lines/create/${f.id}/${f.sections[0]}`,
    () => ({ lines: [{ product: 2, quantity: 3 }], sequence: -1 }),
  ),
  'POST /api/sales/lines/paste/:saleId/:sectionId': saleMutation(
    'paste',
    (f) => `/api/sales/lines/paste/${f.id}/${f.sections[0]}`,
    () => ({ lines: [{ product: 2, quantity: '3', price: '9.50' }, { note: 'From the sheet' }], sequence: -1 }),
  ),
  'POST /api/sales/lines/note/:saleId/:sectionId': saleMutation(
    'note',
    (f) => `/api/sales/lines/note/${f.id}/${f.sections[0]}`,
    () => ({ name: 'Deliver by Friday', sequence: 0 }),
  ),
  'POST /api/sales/lines/header/:saleId/:sectionId': saleMutation(
    'header',
    (f) => `/api/sales/lines/header/${f.id}/${f.sections[0]}`,
    () => ({ name: 'Desks', sequence: -1 }),
  ),
  'POST /api/sales/lines/update/:saleId/:sectionId': saleMutation(
    'update',
    (f) => `/api/sales/lines/update/${f.id}/${f.sections[0]}`,
    (f) => [{ _id: f.lines[0], quantity: 5 }],
  ),
  'POST /api/sales/lines/delete/:saleId/:sectionId': saleMutation(
    'delete',
    (f) => `/api/sales/lines/delete/${f.id}/${f.sections[0]}`,
    (f) => [f.lines[1]],
  ),
  'POST /api/sales/lines/reorder/:saleId/:sectionId': saleMutation(
    'reorder',
    (f) => `/api/sales/lines/reorder/${f.id}/${f.sections[0]}`,
    () => ({ index: 0, line_insertion_point: 2 }),
  ),
  'POST /api/sales/lines/move/:saleId/:fromSection/:toSection/:type': [
    ...saleMutation(
      'move',
      (f) => `/api/sales/lines/move/${f.id}/${f.sections[0]}/${f.sections[1]}/move`,
      (f) => [f.lines[0]],
    ),
    ...saleMutation(
      'copy',
      (f) => `/api/sales/lines/move/${f.id}/${f.sections[0]}/${f.sections[1]}/copy`,
      (f) => [f.lines[0], f.lines[2]],
    ),
  ],
  'GET /api/sales/revisions/list/:saleId': [
    onRevision('list', (r) => `/api/sales/revisions/list/${r.sale}`, moduleViewers(200)),
  ],
  'POST /api/sales/revisions/save/:saleId': [
    {
      name: 'save',
      path: async () => `/api/sales/revisions/save/${(await saleFixture()).id}`,
      body: () => ({ comment: 'Matrix' }),
      expect: saleEditors(201),
    },
  ],
  'GET /api/sales/revisions/read/:saleId/:revisionId': [
    onRevision('read', (r) => `/api/sales/revisions/read/${r.sale}/${r.revision}`, moduleViewers(200)),
  ],
  'GET /api/sales/revisions/compare/:saleId': [
    onRevision(
      'compare with the sale now',
      (r) => `/api/sales/revisions/compare/${r.sale}?from=${r.revision}&to=current`,
      moduleViewers(200),
    ),
  ],
  'POST /api/sales/revisions/restore/:saleId/:revisionId': [
    onRevision('restore', (r) => `/api/sales/revisions/restore/${r.sale}/${r.revision}`, saleEditors(200)),
    onRevision(
      'restore on a locked sale',
      (r) => `/api/sales/revisions/restore/${r.sale}/${r.revision}`,
      lockedSale,
      'done',
    ),
  ],
  'POST /api/sales/revert/:saleId': saleMutation(
    'revert (redo of a note)',
    (f) => `/api/sales/revert/${f.id}`,
    (f) => {
      const id = randomUUID();
      const note = { kind: 'note', product: null, name: 'Back', quantity: '0', price: '0', cost: '0' };
      const state = { ...note, section: f.sections[0], discount: 0, price_percentage_active: false };
      return {
        undo: false,
        expect: { sections: [], lines: [{ id, state: null }], order: [] },
        restore: { sections: [], lines: [{ id, state }], order: [] },
      };
    },
  ),
  'POST /api/sales/lines/markup/:saleId/:sectionId': saleMutation(
    'markup',
    (f) => `/api/sales/lines/markup/${f.id}/${f.sections[0]}`,
    (f) => ({ ids: [f.lines[0], f.lines[1]], markup: 50 }),
  ),
  'GET /': [{ name: 'start page', path: () => '/', expect: all(200) }],
  'GET /*': [
    { name: 'SPA page', path: () => '/sale/123', expect: all(200) },
    { name: 'SPA asset', path: () => '/assets/app.js', expect: all(200) },
  ],
};

let t: TestApp;
const bus: SaleEvents = saleEvents();
const actors = new Map<Role, { id: string; email: string; password: string; token?: string }>();

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'qw-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Quotewright</title>');
  const assets = join(dist, 'assets');
  (await import('node:fs')).mkdirSync(assets);
  writeFileSync(join(assets, 'app.js'), 'console.log(1)');
  t = await createTestApp(
    {
      WEB_DIST: dist,
      LOGIN_MAX_FAILURES_PER_IP: '10000',
      LOGIN_MAX_FAILURES_PER_EMAIL: '10000',
    },
    { events: bus },
  );
  await t.database.db.insert(products).values([
    {
      id: 1,
      model: 'DESK-1',
      name: 'Desk',
      description: 'A desk',
      price: '100',
      cost: '60',
      isBundle: true,
      contentHash: 'x',
    },
    { id: 2, model: 'LEG-1', name: 'Leg', description: 'A leg', price: '10', cost: '6', contentHash: 'y' },
  ]);
  await t.database.db.insert(productRelated).values({ productId: 1, position: 0, relatedId: 2, quantity: '4' });
  readFixture = await saleFixture();
  readTemplate = await templateFixture();
  const rules = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/approval-rules',
    headers: bearer(await login(t, ADMIN_EMAIL, ADMIN_PASSWORD)),
    payload: MATRIX_APPROVAL_RULES,
  });
  expect(rules.statusCode).toBe(200);
  const users = await t.app.inject({
    method: 'GET',
    url: '/api/users',
    headers: bearer(await login(t, ADMIN_EMAIL, ADMIN_PASSWORD)),
  });
  const admin = users.json()[0];
  actors.set('admin', { id: admin._id, email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const levels = { disabled: 'disabled', viewer: 'viewer', editor: 'editor', full: 'full_rights' } as const;
  for (const [role, level] of Object.entries(levels)) {
    const u = await createUser(t, { email: `${role}@matrix.test`, modules: modulesWith(level) });
    actors.set(role as Role, { id: u.id, email: u.email, password: PASSWORD });
  }
});
afterAll(() => t.close());

async function tokenFor(role: Role): Promise<string | null> {
  if (role === 'anonymous') return null;
  const a = actors.get(role)!;
  a.token ??= await login(t, a.email, a.password);
  return a.token;
}

describe('authorization matrix', () => {
  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const registered = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    const missing = [...registered].filter((r) => !(r in MATRIX));
    const stale = Object.keys(MATRIX).filter((r) => !registered.has(r));
    expect(missing, 'routes without a matrix row').toEqual([]);
    expect(stale, 'matrix rows for unknown routes').toEqual([]);
  });

  const cases = Object.entries(MATRIX).flatMap(([route, list]) =>
    list.flatMap((c) => ROLES.map((role) => ({ route, c, role, label: `${route} (${c.name}) as ${role}` }))),
  );
  it.each(cases)('$label', async ({ route, c, role }) => {
    const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const actor = actors.get(role);
    const ctx: Ctx = {
      role,
      self: actor ?? { id: '99999999-9999-4999-8999-999999999999', email: 'nobody@example.com' },
      other: async () => {
        const u = await createUser(t, { email: uniqueEmail() });
        return { id: u.id, email: u.email };
      },
    };
    const token = await tokenFor(role);
    // The path first: it may create the fixture the body refers to.
    const url = await c.path(ctx);
    const body = c.body?.(ctx);
    const res = await t.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...c.headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    if (c.endsSession && actor) actor.token = undefined;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(c.expect[role]);
  });
});

// ─── Socket events (docs/architecture.md#security: every socket event authorized server-side) ────────────────────
// Each case answers a status: 200 done or received, 401 the connection refused, 403 refused or never received
// (no right), 404 unknown sale or event, 400 bad payload.

interface SocketCase {
  name: string;
  run(socket: ClientSocket): Promise<number>;
  expect: Expect;
}
const UNKNOWN_SALE = '6f1d2c3b-0000-4000-8000-00000000dead';
const statusOf = (answer: { ok: boolean; detail?: string }) =>
  answer.ok
    ? 200
    : /permission/.test(answer.detail ?? '')
      ? 403
      : /not found/.test(answer.detail ?? '')
        ? 404
        : /sign in/.test(answer.detail ?? '')
          ? 401
          : /only quotes in draft or sent/.test(answer.detail ?? '')
            ? 409
            : 400;
const syncOdoo = (s: ClientSocket, payload: unknown) =>
  s.timeout(5000).emitWithAck('sync_odoo', payload as never) as Promise<{ ok: boolean; detail?: string }>;
const editingCell = (s: ClientSocket, payload: unknown) =>
  s.timeout(5000).emitWithAck('editing', payload as never) as Promise<{ ok: boolean; detail?: string }>;
/** Full rights (and admins) may publish; a socket without them is refused before anything else. */
const publishers = (ok: number): Expect => ({ ...saleEditors(ok), editor: 403 });
/** 200 when `event` arrives within a short wait, else 403 (the user was not allowed to receive it). */
const received = (socket: ClientSocket, event: string, trigger: () => void, match?: (e: never) => boolean) => {
  const got = nextEvent(socket, event, match, 700).then(
    () => 200,
    () => 403,
  );
  trigger();
  return got;
};
const someone = { id: '5b0c1c1e-0000-4000-8000-0000000000ff', name: 'Someone' };

const SOCKET_MATRIX: Record<string, SocketCase[]> = {
  connect: [{ name: 'with the session token', run: async () => 200, expect: signedIn(200) }],
  identify: [
    {
      name: 'an existing sale',
      run: async (s) => statusOf(await identify(s, readFixture.id)),
      expect: moduleViewers(200),
    },
    {
      name: 'an unknown sale',
      run: async (s) => statusOf(await identify(s, UNKNOWN_SALE)),
      expect: { ...moduleViewers(404), disabled: 403 },
    },
    { name: 'leaving (sale: null)', run: async (s) => statusOf(await identify(s, null)), expect: signedIn(200) },
    {
      name: 'an unknown field',
      run: async (s) => statusOf(await s.timeout(5000).emitWithAck('identify', { sale: null, user: 'x' } as never)),
      expect: signedIn(400),
    },
  ],
  sync_odoo: [
    {
      name: 'a draft sale ready to publish',
      run: async (s) => {
        const sale = await saleFixture('draft', { customerId: 7, customerName: 'Customer' });
        return statusOf(await syncOdoo(s, { sale: sale.id, create_new: false }));
      },
      expect: publishers(200),
    },
    {
      name: 'a locked sale',
      run: async (s) => statusOf(await syncOdoo(s, { sale: (await saleFixture('done', { customerId: 7 })).id })),
      expect: publishers(409),
    },
    {
      name: 'a sale the ERP would refuse (no customer)',
      run: async (s) => statusOf(await syncOdoo(s, { sale: readFixture.id, create_new: true })),
      expect: publishers(400),
    },
    {
      name: 'an unknown sale',
      run: async (s) => statusOf(await syncOdoo(s, { sale: UNKNOWN_SALE, create_new: false })),
      expect: publishers(404),
    },
    {
      name: 'an unknown field',
      run: async (s) => statusOf(await syncOdoo(s, { sale: readFixture.id, create_new: false, user: 'x' })),
      expect: signedIn(400),
    },
  ],
  odoo_sync_status: [
    {
      name: 'of the sale joined',
      run: async (s) => {
        const sale = await saleFixture();
        await identify(s, sale.id);
        const status = { saleId: sale.id, state: 'syncing', progress: 40, message: 'Writing' } as never;
        return received(s, 'odoo_sync_status', () => bus.publish({ type: 'odoo_sync_status', status }));
      },
      expect: moduleViewers(200),
    },
  ],
  editing: [
    {
      name: 'a line of the sale joined (presence)',
      run: async (s) => {
        const joined = await identify(s, readFixture.id);
        if (!joined.ok) return statusOf(joined);
        return statusOf(await editingCell(s, { sale: readFixture.id, line: readFixture.lines[0] }));
      },
      expect: saleEditors(200),
    },
    {
      name: 'closing it (line: null)',
      run: async (s) => {
        const joined = await identify(s, readFixture.id);
        if (!joined.ok) return statusOf(joined);
        return statusOf(await editingCell(s, { sale: readFixture.id, line: null }));
      },
      expect: moduleViewers(200),
    },
    {
      name: 'a sale not joined',
      run: async (s) => statusOf(await editingCell(s, { sale: readFixture.id, line: null })),
      expect: signedIn(400),
    },
    {
      name: 'an unknown field',
      run: async (s) => statusOf(await editingCell(s, { sale: readFixture.id, line: null, user: 'x' })),
      expect: signedIn(400),
    },
  ],
  presence: [
    {
      name: 'of the sale joined (every open cell, on joining)',
      run: (s) => received(s, 'presence', () => void identify(s, readFixture.id)),
      expect: moduleViewers(200),
    },
  ],
  value_replaced: [
    {
      name: 'of the sale joined (a bus event)',
      run: async (s) => {
        const sale = await saleFixture();
        await identify(s, sale.id);
        const event = {
          saleId: sale.id,
          section: sale.sections[0],
          line: sale.lines[0],
          position: 1,
          label: 'DESK-1',
          field: 'quantity',
          replaced: '44',
          value: '33',
          previous: someone,
          by: someone,
        } as const;
        return received(s, 'value_replaced', () => bus.publish({ type: 'value_replaced', event }));
      },
      expect: moduleViewers(200),
    },
  ],
  editors: [
    {
      name: 'of the sale joined',
      run: (s) => received(s, 'editors', () => void identify(s, readFixture.id)),
      expect: moduleViewers(200),
    },
  ],
  sale_changed: [
    {
      name: 'of the sale joined (a bus delta)',
      run: async (s) => {
        const sale = await saleFixture();
        await identify(s, sale.id);
        const delta = {
          saleId: sale.id,
          version: 2,
          by: someone,
          changes: { sale: { version: 2 } },
        } as never;
        return received(s, 'sale_changed', () => bus.publish({ type: 'sale_changed', delta }));
      },
      expect: moduleViewers(200),
    },
  ],
  sale_replaced: [
    {
      name: 'of the sale joined (rewritten by the ERP fetch)',
      run: async (s) => {
        const sale = await saleFixture();
        await identify(s, sale.id);
        return received(s, 'sale_replaced', () =>
          bus.publish({ type: 'sales_replaced', sales: [{ saleId: sale.id, version: 5 }], by: someone }),
        );
      },
      expect: moduleViewers(200),
    },
  ],
  sale_deleted: [
    {
      name: 'of the sale joined',
      run: async (s) => {
        const sale = await saleFixture();
        await identify(s, sale.id);
        return received(s, 'sale_deleted', () => bus.publish({ type: 'sale_deleted', saleId: sale.id, by: someone }));
      },
      expect: moduleViewers(200),
    },
  ],
  sales_changed: [
    {
      name: 'a sale created anywhere',
      run: async (s) => {
        const sale = await saleFixture();
        return received(
          s,
          'sales_changed',
          () => bus.publish({ type: 'sale_created', saleId: sale.id, version: 1, by: someone }),
          ((e: { saleId: string }) => e.saleId === sale.id) as never,
        );
      },
      expect: moduleViewers(200),
    },
  ],
  approval_requested: [
    {
      name: 'a request someone else made (to the users who may decide it)',
      run: async (s) => {
        const sale = await saleFixture();
        const event = {
          saleId: sale.id,
          approvalId: RUN_ID,
          quote_number: 'MX',
          name: 'Matrix',
          summary: '1 line under 15 % margin',
          approver: 'sales_full',
          by: someone,
        } as const;
        return received(
          s,
          'approval_requested',
          () => bus.publish({ type: 'approval_requested', event, requestedBy: someone.id }),
          ((e: { saleId: string }) => e.saleId === sale.id) as never,
        );
      },
      expect: { ...saleEditors(200), editor: 403 },
    },
  ],
  approval_changed: [
    {
      name: 'of the sale joined',
      run: async (s) => {
        const sale = await saleFixture();
        await identify(s, sale.id);
        const event = { saleId: sale.id, status: 'approved', by: someone } as const;
        return received(s, 'approval_changed', () => bus.publish({ type: 'approval_changed', event }));
      },
      expect: moduleViewers(200),
    },
  ],
  problem: [
    {
      name: 'an unknown event',
      run: (s) => {
        const problem = nextEvent<{ status: number }>(s, 'problem');
        (s as unknown as { emit(e: string): void }).emit('no_such_event');
        return problem.then((p) => p.status);
      },
      expect: signedIn(404),
    },
  ],
};

describe('authorization matrix: socket events', () => {
  let url: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = baseUrl(t.app.server.address());
  });

  it('has a row for every socket event the gateway accepts or sends', () => {
    const known = new Set(['connect', ...INBOUND_EVENTS, ...OUTBOUND_EVENTS]);
    expect(
      [...known].filter((e) => !(e in SOCKET_MATRIX)),
      'events without a matrix row',
    ).toEqual([]);
    expect(
      Object.keys(SOCKET_MATRIX).filter((e) => !known.has(e)),
      'rows for unknown events',
    ).toEqual([]);
  });

  const cases = Object.entries(SOCKET_MATRIX).flatMap(([event, list]) =>
    list.flatMap((c) => ROLES.map((role) => ({ event, c, role, label: `${event} (${c.name}) as ${role}` }))),
  );
  it.each(cases)('$label', async ({ c, role }) => {
    const token = await tokenFor(role);
    let socket: ClientSocket;
    try {
      socket = await connectSocket(url, token);
    } catch (err) {
      expect((err as { data?: { status: number } }).data?.status).toBe(c.expect[role]);
      return;
    }
    try {
      expect(await c.run(socket)).toBe(c.expect[role]);
    } finally {
      socket.close();
    }
  });
});
