// The approval reasons write amounts in the ERP company's currency (decision 0031), and the sale total rule leaves the
// optional sections out as the sale's total does (decision 0032). Runs on PGlite and on PostgreSQL.
import type { ApprovalStateDto, SyncCheck } from '@quotewright/contracts';
import { erpCompany } from '@quotewright/db';
import { type ApprovalRules, defaultApprovalRules } from '@quotewright/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers';
import { api, quoteWithOptional, roleTokens, seedProducts, type Tokens } from '../sales/testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2]);
});
afterAll(() => t.close());

/** The ERP company as the contacts fetch writes it (its one row): a euro company, the symbol after the amount. */
async function euroCompany() {
  await t.database.db.insert(erpCompany).values({
    odooId: 1,
    name: 'Euro GmbH',
    street: null,
    street2: null,
    zip: null,
    city: null,
    state: null,
    country: 'Germany',
    countryCode: 'DE',
    vat: null,
    phone: null,
    email: null,
    website: null,
    companyRegistry: null,
    logo: null,
    currencyName: 'EUR',
    currencySymbol: '€',
    currencyPosition: 'after',
    currencyDecimalPlaces: 2,
    currencyRounding: '0.01',
    contentHash: 'euro',
  });
}

async function saleTotalRule(threshold: number) {
  const rules: ApprovalRules = defaultApprovalRules();
  rules.sale_total = { enabled: true, threshold, approver: 'admin' };
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/approval-rules',
    headers: bearer(tok.admin),
    payload: rules,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A draft with a Main section (desk × 12 = 1,200) and an optional one (desk × 50 = 5,000). */
async function quote() {
  return (await quoteWithOptional(a, tok.editor, 'Euro approvals', [1, '12'], [1, '50'])).saleId;
}

describe('approval reasons in the company currency', () => {
  it('write the sale total rule in euros: the state, the request and the publish check', async () => {
    await euroCompany();
    await saleTotalRule(1000);
    const id = await quote();
    const s = await a.ok<ApprovalStateDto>('GET', `/api/sales/approval/${id}`, tok.editor);
    // 1,200.00 without the optional section (5,000.00): as the sale's total.
    expect(s.evaluation.summary).toBe('sale total 1,200.00 € > 1,000.00 €');
    const check = await a.ok<SyncCheck>('GET', `/api/sales/odoo/check/${id}`, tok.full);
    const problem = check.problems.find((p) => p.code === 'APPROVAL_REQUIRED');
    expect(problem?.message).toContain('Needs approval: sale total 1,200.00 € > 1,000.00 €');
    const requested = await a.ok<ApprovalStateDto>('POST', `/api/sales/approval/request/${id}`, tok.editor, {});
    expect(requested.approval?.summary).toBe('sale total 1,200.00 € > 1,000.00 €');
  });

  it('the optional sections alone never break the sale total rule', async () => {
    await saleTotalRule(2000);
    const id = await quote();
    const s = await a.ok<ApprovalStateDto>('GET', `/api/sales/approval/${id}`, tok.editor);
    expect(s.evaluation.needed).toBe(false);
  });
});
