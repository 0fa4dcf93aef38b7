// Approvals (issue #23, docs/product/rules.md#approvals, decision 0030): the rules in Settings, the evaluation of a
// sale, the request (approvers told on the socket), the decisions (who may, not one's own, one winner at the same
// moment), the publish's gate, and an edit that voids the approval or keeps it. Runs on PGlite and on PostgreSQL.
import type {
  ActivityPageDto,
  ApprovalChangedEvent,
  ApprovalRequestedEvent,
  ApprovalStateDto,
  PendingApprovalsPage,
  SaleDto,
  SyncCheck,
} from '@quotewright/contracts';
import { activitySentence } from '@quotewright/contracts';
import { eq, saleApprovals, sales } from '@quotewright/db';
import { type ApprovalRules, defaultApprovalRules } from '@quotewright/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers';
import { baseUrl, type ClientSocket, connectSocket, nextEvent, roundTrip } from '../../../test/sockets';
import { type SaleEvent, type SaleEvents, saleEvents } from '../../infra/sale-events';
import { api, expectProblem, roleTokens, seedProducts, type Tokens } from '../sales/testkit';

let t: TestApp;
let tok: Tokens & { full2: string };
let a: ReturnType<typeof api>;
let bus: SaleEvents;
let url: string;

beforeAll(async () => {
  bus = saleEvents();
  t = await createTestApp({}, { events: bus });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(t.app.server.address());
  const base = await roleTokens(t);
  tok = { ...base, full2: (await roleTokens(t)).full };
  a = api(t);
  await seedProducts(t, [1, 2]);
});
afterAll(() => t.close());

const put = (rules: ApprovalRules, token = tok.admin) =>
  t.app.inject({ method: 'PUT', url: '/api/settings/approval-rules', headers: bearer(token), payload: rules });
function rulesWith(patch: Partial<{ [K in keyof ApprovalRules]: Partial<ApprovalRules[K]> }>): ApprovalRules {
  const r = defaultApprovalRules();
  for (const [k, v] of Object.entries(patch)) Object.assign(r[k as keyof ApprovalRules], { enabled: true, ...v });
  return r;
}
const state = (saleId: string, token = tok.editor) =>
  a.ok<ApprovalStateDto>('GET', `/api/sales/approval/${saleId}`, token);
const check = (saleId: string) => a.ok<SyncCheck>('GET', `/api/sales/odoo/check/${saleId}`, tok.full);
const approvalProblems = async (saleId: string) =>
  (await check(saleId)).problems.filter((p) => p.code === 'APPROVAL_REQUIRED').map((p) => p.message);
const decide = (saleId: string, verb: 'approve' | 'reject', token: string, version: number, comment?: string) =>
  a.post(`/api/sales/approval/${verb}/${saleId}`, token, { version, ...(comment ? { comment } : {}) });

/** The next bus event of this type (for this sale) — published after commit by the service. */
function nextBus<T extends SaleEvent['type']>(type: T, match: (e: Extract<SaleEvent, { type: T }>) => boolean) {
  return new Promise<Extract<SaleEvent, { type: T }>>((resolve) => {
    const stop = bus.subscribe((e) => {
      if (e.type === type && match(e as Extract<SaleEvent, { type: T }>)) {
        stop();
        resolve(e as Extract<SaleEvent, { type: T }>);
      }
    });
  });
}

/** A draft with section A: a desk (100 / 60: 40 % margin) and a leg (10.50 / 6.2512: 40.46 %). */
async function fixture(token = tok.editor) {
  let sale = await a.ok<SaleDto>('POST', '/api/sales', token, { name: 'Approvals' });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, token, { name: 'A' });
  const A = sale.sections[0]!._id;
  sale = await a.ok('POST', `/api/sales/lines/create/${sale._id}/${A}`, token, {
    lines: [
      { product: 1, quantity: 1 },
      { product: 2, quantity: 1 },
    ],
    sequence: -1,
  });
  const [desk, leg] = sale.sections[0]!.lines.map((l) => l._id) as [string, string];
  const edit = (patch: Record<string, unknown>, line = desk, by = token) =>
    a.ok<SaleDto>('POST', `/api/sales/lines/update/${sale._id}/${A}`, by, [{ _id: line, ...patch }]);
  return { id: sale._id, A, desk, leg, edit };
}

describe('approval rules (Settings)', () => {
  it('are all off by default, read and written by admins only', async () => {
    const got = await a.ok<ApprovalRules>('GET', '/api/settings/approval-rules', tok.admin);
    expect(got).toEqual(defaultApprovalRules());
    expectProblem(await a.get('/api/settings/approval-rules', tok.full), 403, 'FORBIDDEN');
    expectProblem(await put(rulesWith({ line_margin: { threshold: 15 } }), tok.full), 403, 'FORBIDDEN');
    const bad = await put({
      ...defaultApprovalRules(),
      max_discount: { enabled: true, threshold: 120, approver: 'admin' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await a.ok('GET', '/api/settings/approval-rules', tok.admin)).toEqual(defaultApprovalRules());
  });

  it('with every rule off, no sale needs approval and nothing can be requested', async () => {
    await put(defaultApprovalRules());
    const f = await fixture();
    await f.edit({ price: 1 });
    const s = await state(f.id);
    expect(s.evaluation.needed).toBe(false);
    expect(s.cleared).toBe(true);
    expectProblem(await a.post(`/api/sales/approval/request/${f.id}`, tok.editor, {}), 409, 'CONFLICT');
    expect(await approvalProblems(f.id)).toEqual([]);
  });
});

describe('a sale under the line margin', () => {
  beforeEach(async () => {
    expect((await put(rulesWith({ line_margin: { threshold: 15 } }))).statusCode).toBe(200);
  });

  it('is flagged with its line and section, refused a publish, requested, approved; an edit voids it', async () => {
    const f = await fixture();
    expect((await state(f.id)).evaluation.needed).toBe(false);
    await f.edit({ price: 65 }); // desk: 65 / 60 → 7.69 %
    const flagged = await state(f.id);
    expect(flagged.evaluation).toMatchObject({
      needed: true,
      summary: '1 line under 15 % margin',
      reasons: [{ rule: 'line_margin', lines: [f.desk], sections: [f.A], approver: 'sales_full' }],
    });
    expect(flagged.can).toEqual({ request: true, decide: false });
    expect(flagged.cleared).toBe(false);
    expect(await approvalProblems(f.id)).toEqual([
      'Needs approval: 1 line under 15 % margin. Request approval before publishing',
    ]);

    // A viewer sees the state and changes nothing.
    expect((await state(f.id, tok.viewer)).can).toEqual({ request: false, decide: false });
    expectProblem(await a.post(`/api/sales/approval/request/${f.id}`, tok.viewer, {}), 403, 'FORBIDDEN');

    const told = nextBus('approval_requested', (e) => e.event.saleId === f.id);
    const requested = await a.ok<ApprovalStateDto>('POST', `/api/sales/approval/request/${f.id}`, tok.editor, {
      comment: 'Strategic customer',
    });
    expect(requested.approval).toMatchObject({ status: 'pending', request_comment: 'Strategic customer' });
    expect(requested.can.request).toBe(false);
    // The request froze a revision of the sale as it was asked about.
    const revisions = await a.ok<{ items: { _id: string; source: string; comment: string | null }[] }>(
      'GET',
      `/api/sales/revisions/list/${f.id}`,
      tok.viewer,
    );
    expect(revisions.items[0]).toMatchObject({
      _id: requested.approval!.revision_id,
      source: 'approval',
      comment: 'Strategic customer',
    });
    expect((await told).event).toMatchObject({ summary: '1 line under 15 % margin', approver: 'sales_full' });
    expectProblem(await a.post(`/api/sales/approval/request/${f.id}`, tok.editor, {}), 409, 'CONFLICT');
    expect(await approvalProblems(f.id)).toEqual([
      "Awaiting approval: 1 line under 15 % margin. Publishing waits for an approver's decision",
    ]);
    const pending = await a.ok<PendingApprovalsPage>('GET', '/api/sales/approvals/pending', tok.viewer);
    expect(pending.items.map((i) => i._id)).toContain(f.id);

    // An editor cannot decide; the approver decides the version they looked at.
    expectProblem(await decide(f.id, 'approve', tok.editor, requested.version), 403, 'FORBIDDEN');
    expect((await state(f.id, tok.full)).can.decide).toBe(true);
    expectProblem(await decide(f.id, 'approve', tok.full, requested.version - 1), 409, 'CONFLICT');
    const approved = await decide(f.id, 'approve', tok.full, requested.version, 'OK this once');
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as ApprovalStateDto).approval).toMatchObject({
      status: 'approved',
      decided_by: { name: 'Full' },
      decision_comment: 'OK this once',
    });
    expect((await state(f.id)).cleared).toBe(true);
    expect(await approvalProblems(f.id)).toEqual([]);
    expect(
      (await a.ok<PendingApprovalsPage>('GET', '/api/sales/approvals/pending', tok.viewer)).items.map((i) => i._id),
    ).not.toContain(f.id);

    // An edit that breaks no rule keeps the approval: a better margin, another line's description.
    await f.edit({ price: 66 });
    await f.edit({ name: 'A sturdy leg' }, f.leg);
    expect((await state(f.id)).approval?.status).toBe('approved');
    expect(await approvalProblems(f.id)).toEqual([]);

    // One that breaks a rule voids it (after commit, on the bus), and the publish is refused with the reason.
    const voided = nextBus('approval_changed', (e) => e.event.saleId === f.id && e.event.status === 'void');
    await f.edit({ price: 61 });
    await voided;
    expect((await t.database.db.select().from(sales).where(eq(sales.id, f.id)))[0]!.approvalState).toBe('void');
    const after = await state(f.id);
    expect(after.approval?.status).toBe('void');
    expect(after.can.request).toBe(true);
    expect(await approvalProblems(f.id)).toEqual([
      'The approval was voided by a later edit. Needs approval: 1 line under 15 % margin. Request approval before publishing',
    ]);

    const feed = await a.ok<ActivityPageDto>('GET', `/api/sales/${f.id}/activity`, tok.viewer);
    const sentences = feed.items
      .filter((e) => e.kind.startsWith('approval_'))
      .map((e) => activitySentence(e).text)
      .reverse();
    expect(sentences).toEqual([
      'Editor requested approval (1 line under 15 % margin)',
      'Full approved the sale (1 line under 15 % margin)',
      'Quotewright voided the approval by an edit that breaks a rule (1 line under 15 % margin)',
    ]);
    expect(activitySentence(feed.items.find((e) => e.kind === 'approval_requested')!).items).toEqual([
      '“Strategic customer”',
    ]);
  });

  it('is never approved by its own requester unless an admin; a rejection is recorded', async () => {
    const f = await fixture(tok.full);
    await f.edit({ price: 61 });
    const s = await a.ok<ApprovalStateDto>('POST', `/api/sales/approval/request/${f.id}`, tok.full, {});
    expect(s.can.decide).toBe(false);
    expectProblem(await decide(f.id, 'approve', tok.full, s.version), 403, 'FORBIDDEN');
    const rejected = await decide(f.id, 'reject', tok.full2, s.version, 'Too cheap');
    expect((rejected.json() as ApprovalStateDto).approval).toMatchObject({
      status: 'rejected',
      decision_comment: 'Too cheap',
    });
    expect((await state(f.id)).can.request).toBe(true);

    const own = await fixture(tok.admin);
    await own.edit({ price: 61 });
    const mine = await a.ok<ApprovalStateDto>('POST', `/api/sales/approval/request/${own.id}`, tok.admin, {});
    expect(mine.can.decide).toBe(true);
    expect((await decide(own.id, 'approve', tok.admin, mine.version)).statusCode).toBe(200);
  });

  it('two approvers at the same moment: one wins, the other is refused, nothing is half-written', async () => {
    const f = await fixture();
    await f.edit({ price: 61 });
    const s = await a.ok<ApprovalStateDto>('POST', `/api/sales/approval/request/${f.id}`, tok.editor, {});
    const answers = await Promise.all([
      decide(f.id, 'approve', tok.full, s.version, 'first'),
      decide(f.id, 'reject', tok.full2, s.version, 'second'),
      decide(f.id, 'approve', tok.admin, s.version, 'third'),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const rows = await t.database.db.select().from(saleApprovals).where(eq(saleApprovals.saleId, f.id));
    expect(rows).toHaveLength(1);
    const winner = answers.find((r) => r.statusCode === 200)!.json() as ApprovalStateDto;
    expect(rows[0]!.status).toBe(winner.approval!.status);
    expect(rows[0]!.decisionComment).toBe(winner.approval!.decision_comment);
    const [sale] = await t.database.db.select().from(sales).where(eq(sales.id, f.id));
    expect(sale!.approvalState).toBe(rows[0]!.status);
    const feed = await a.ok<ActivityPageDto>('GET', `/api/sales/${f.id}/activity`, tok.viewer);
    expect(feed.items.filter((e) => e.kind === 'approval_approved' || e.kind === 'approval_rejected')).toHaveLength(1);
  });

  it('a rule for admins only: full rights cannot decide it', async () => {
    await put(rulesWith({ line_margin: { threshold: 15, approver: 'admin' } }));
    const f = await fixture();
    await f.edit({ price: 61 });
    const s = await a.ok<ApprovalStateDto>('POST', `/api/sales/approval/request/${f.id}`, tok.editor, {});
    expect(s.approval?.approver).toBe('admin');
    expectProblem(await decide(f.id, 'approve', tok.full, s.version), 403, 'FORBIDDEN');
    expect((await decide(f.id, 'approve', tok.admin, s.version)).statusCode).toBe(200);
  });
});

describe('on the socket', () => {
  const open: ClientSocket[] = [];
  afterAll(() => {
    for (const s of open) s.close();
  });
  const connect = async (token: string) => {
    const s = await connectSocket(url, token);
    open.push(s);
    return s;
  };

  it('approvers are told of a request at once; its author and viewers are not; the sale room hears of changes', async () => {
    await put(rulesWith({ line_margin: { threshold: 15 } }));
    const [approver, admin, author, viewer] = await Promise.all([
      connect(tok.full),
      connect(tok.admin),
      connect(tok.editor),
      connect(tok.viewer),
    ]);
    const f = await fixture();
    await f.edit({ price: 61 });
    const toApprover = nextEvent<ApprovalRequestedEvent>(approver, 'approval_requested', (e) => e.saleId === f.id);
    const toAdmin = nextEvent<ApprovalRequestedEvent>(admin, 'approval_requested', (e) => e.saleId === f.id);
    await a.ok('POST', `/api/sales/approval/request/${f.id}`, tok.editor, { comment: 'please' });
    expect(await toApprover).toMatchObject({ summary: '1 line under 15 % margin', by: { name: 'Editor' } });
    await toAdmin;
    await Promise.all([roundTrip(author), roundTrip(viewer)]);
    const got = (s: ClientSocket) =>
      s.received.filter((r) => r.event === 'approval_requested').map((r) => (r.args[0] as { saleId: string }).saleId);
    expect(got(author)).not.toContain(f.id);
    expect(got(viewer)).not.toContain(f.id);

    await viewer.timeout(5000).emitWithAck('identify', { sale: f.id });
    const changed = nextEvent<ApprovalChangedEvent>(viewer, 'approval_changed', (e) => e.saleId === f.id);
    const s = await state(f.id);
    await decide(f.id, 'approve', tok.full, s.version);
    expect(await changed).toMatchObject({ status: 'approved', by: { name: 'Full' } });
  });

  it('sync_odoo is refused with the reason while the content is not approved', async () => {
    await put(rulesWith({ line_margin: { threshold: 15 } }));
    const f = await fixture();
    await t.database.db.update(sales).set({ customerId: 7, customerName: 'Customer' }).where(eq(sales.id, f.id));
    await f.edit({ price: 61 });
    const s = await connect(tok.full);
    const ack = (await s.timeout(5000).emitWithAck('sync_odoo', { sale: f.id, create_new: false })) as {
      ok: boolean;
      problems?: { code: string; message: string }[];
    };
    expect(ack.ok).toBe(false);
    expect(ack.problems?.map((p) => p.code)).toEqual(['APPROVAL_REQUIRED']);
  });
});
