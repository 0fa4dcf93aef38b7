// The admin audit log (docs/decisions/0033-audit-log.md): every admin action writes exactly one entry with the changed
// fields before and after and the client's address, never a secret; a refused or failed change writes none; the
// database refuses to change or remove an entry; admins read it filtered and paged, newest first.
import { type AuditLogRow, auditLog, desc, sql } from '@quotewright/db';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
} from '../../../test/helpers';
import { maskSecrets } from './audit.changes';
import { auditRepository } from './audit.repository';
import { auditService } from './audit.service';

let t: TestApp;
let adminToken: string;
let adminId: string;
const CLIENT = '203.0.113.7';

beforeAll(async () => {
  // No job workers: a fetch run stays queued, so a second start finds it under way.
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' }, { workers: false });
  adminToken = await login(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  adminId = decodeJwt(adminToken).sub!;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    remoteAddress: CLIENT,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Every entry, newest first. */
const entries = (): Promise<AuditLogRow[]> =>
  t.database.db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id));

/** Runs `change` and answers the entries it wrote (oldest first). */
async function written(change: () => Promise<unknown>): Promise<AuditLogRow[]> {
  const seen = new Set((await entries()).map((e) => e.id));
  await change();
  return (await entries()).filter((e) => !seen.has(e.id)).reverse();
}

const newUser = (email: string, extra: object = {}) => ({
  name: 'Nora New',
  email,
  password: 'a-Secret-pass-1',
  modules: { sales: { enabled: true, level: 'editor' } },
  ...extra,
});

describe('admin actions write one entry each', () => {
  it('user created: every field after, the admin as actor, the address; never the password', async () => {
    let id = '';
    const rows = await written(async () => {
      const res = await call('POST', '/api/users', adminToken, newUser('nora@example.test'));
      expect(res.statusCode).toBe(201);
      id = res.json()._id;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: adminId,
      actorName: 'Administrator',
      action: 'user.created',
      targetType: 'user',
      targetId: id,
      targetLabel: 'nora@example.test',
      before: null,
      after: {
        name: 'Nora New',
        email: 'nora@example.test',
        isAdmin: false,
        sales: { enabled: true, level: 'editor' },
        accounting: { enabled: false, level: 'viewer' },
        inventory: { enabled: false, level: 'viewer' },
      },
      ip: CLIENT,
    });
    expect(JSON.stringify(rows)).not.toMatch(/a-Secret-pass-1|argon2/);
  });

  it('rights changed: only the module that changed, before and after', async () => {
    const u = await createUser(t, { email: 'rights@example.test', modules: modulesWith('editor', ['sales']) });
    const rows = await written(async () => {
      const res = await call('POST', `/api/users/${u.id}`, adminToken, {
        modules: { sales: { level: 'full_rights' } },
      });
      expect(res.statusCode).toBe(200);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'user.rights_changed',
      targetId: u.id,
      targetLabel: 'rights@example.test',
      before: { sales: { enabled: true, level: 'editor' } },
      after: { sales: { enabled: true, level: 'full_rights' } },
      ip: CLIENT,
    });
  });

  it('admin flag changed is a rights change; a save that changes nothing writes nothing', async () => {
    const u = await createUser(t, { email: 'flag@example.test', name: 'Flag' });
    const rows = await written(() => call('POST', `/api/users/${u.id}`, adminToken, { isAdmin: true }));
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['user.rights_changed', { isAdmin: false }, { isAdmin: true }],
    ]);
    const same = await written(async () => {
      const res = await call('POST', `/api/users/${u.id}`, adminToken, { name: 'Flag', isAdmin: true });
      expect(res.statusCode).toBe(200);
    });
    expect(same).toEqual([]);
    // (back to one administrator: the last-admin refusal below needs it)
    expect((await call('POST', `/api/users/${u.id}`, adminToken, { isAdmin: false })).statusCode).toBe(200);
  });

  it('details and a password in one save: one entry per action, the password only "changed"', async () => {
    const u = await createUser(t, { email: 'both@example.test', name: 'Before Name' });
    const rows = await written(async () => {
      const res = await call('POST', `/api/users/${u.id}`, adminToken, {
        name: 'After Name',
        password: 'Brand-new-pass-2',
      });
      expect(res.statusCode).toBe(200);
    });
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['user.updated', { name: 'Before Name' }, { name: 'After Name' }],
      ['user.password_reset', null, { password: 'changed' }],
    ]);
    expect(JSON.stringify(rows)).not.toContain('Brand-new-pass-2');
  });

  it("password reset by an admin is logged; a user's own password change is not", async () => {
    const u = await createUser(t, { email: 'reset@example.test' });
    const body = { password: 'Reset-by-admin-1', password2: 'Reset-by-admin-1' };
    const rows = await written(async () => {
      const res = await call('POST', `/api/users/resetpassword/${u.id}`, adminToken, body);
      expect(res.statusCode).toBe(200);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'user.password_reset',
      targetId: u.id,
      before: null,
      after: { password: 'changed' },
      ip: CLIENT,
    });
    expect(JSON.stringify(rows)).not.toContain('Reset-by-admin-1');

    const own = await createUser(t, { email: 'own@example.test' });
    const token = await login(t, own.email, PASSWORD);
    const mine = { password: 'My-own-new-pass-1', password2: 'My-own-new-pass-1' };
    expect(
      await written(async () => {
        expect((await call('POST', `/api/users/resetpassword/${own.id}`, token, mine)).statusCode).toBe(200);
      }),
    ).toEqual([]);
  });

  it('user deleted: what the user was, kept with the actor name', async () => {
    const u = await createUser(t, { email: 'gone@example.test', name: 'Gone Soon' });
    const rows = await written(async () => {
      expect((await call('DELETE', `/api/users/${u.id}`, adminToken)).statusCode).toBe(204);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'user.deleted',
      actorName: 'Administrator',
      targetId: u.id,
      targetLabel: 'gone@example.test',
      before: { name: 'Gone Soon', email: 'gone@example.test', isAdmin: false },
      after: null,
    });
  });

  it('documents settings changed: the value before and after; the same value again writes nothing', async () => {
    const rows = await written(async () => {
      const res = await call('PUT', '/api/settings/documents', adminToken, { quote_validity_days: 45 });
      expect(res.statusCode).toBe(200);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'settings.changed',
      targetType: 'settings',
      targetId: 'documents',
      targetLabel: 'Customer documents',
      before: { quote_validity_days: 30 },
      after: { quote_validity_days: 45 },
    });
    expect(
      await written(() => call('PUT', '/api/settings/documents', adminToken, { quote_validity_days: 45 })),
    ).toEqual([]);
  });

  it('approval rules changed: only the rules that changed', async () => {
    const rules = (await call('GET', '/api/settings/approval-rules', adminToken)).json();
    const next = { ...rules, sale_margin: { ...rules.sale_margin, enabled: true, threshold: 20 } };
    const rows = await written(async () => {
      expect((await call('PUT', '/api/settings/approval-rules', adminToken, next)).statusCode).toBe(200);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'approval_rules.changed',
      targetLabel: 'Approval rules',
      before: { sale_margin: { enabled: false, threshold: 18, approver: 'sales_full' } },
      after: { sale_margin: { enabled: true, threshold: 20, approver: 'sales_full' } },
    });
  });

  it('ERP data fetch started: once per run started (not for the run already under way)', async () => {
    let runId = '';
    const rows = await written(async () => {
      const res = await call('POST', '/api/odoo/sync/contacts', adminToken);
      expect(res.statusCode).toBe(202);
      runId = res.json().id;
      const again = await call('POST', '/api/odoo/sync/contacts', adminToken);
      expect(again.statusCode).toBe(200);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'erp_fetch.started',
      targetType: 'erp_fetch',
      targetLabel: 'Contacts',
      after: { kind: 'contacts' },
      ip: CLIENT,
    });
    expect(rows[0]!.targetId).toBe(runId);
  });
});

describe('a refused or failed change writes nothing', () => {
  it('validation errors, a taken e-mail, deleting oneself, the last admin, and non-admins', async () => {
    const viewer = await createUser(t, { email: 'viewer-audit@example.test', modules: modulesWith('viewer') });
    const viewerToken = await login(t, viewer.email, PASSWORD);
    const rows = await written(async () => {
      const statuses = [
        (await call('POST', '/api/users', adminToken, newUser('not-an-email'))).statusCode,
        (await call('POST', '/api/users', adminToken, newUser(ADMIN_EMAIL))).statusCode,
        (await call('DELETE', `/api/users/${adminId}`, adminToken)).statusCode,
        (await call('POST', `/api/users/${adminId}`, adminToken, { isAdmin: false })).statusCode,
        (await call('POST', `/api/users/${viewer.id}`, adminToken, { modules: { sales: { level: 'boss' } } }))
          .statusCode,
        (await call('POST', `/api/users/resetpassword/${viewer.id}`, adminToken, { password: 'x', password2: 'y' }))
          .statusCode,
        (await call('PUT', '/api/settings/documents', adminToken, { quote_validity_days: -1 })).statusCode,
        (await call('PUT', '/api/settings/approval-rules', adminToken, { line_margin: {} })).statusCode,
        (await call('POST', '/api/users', viewerToken, newUser('sneaky@example.test'))).statusCode,
        (await call('PUT', '/api/settings/documents', viewerToken, { quote_validity_days: 5 })).statusCode,
        (await call('POST', '/api/odoo/sync/products', viewerToken)).statusCode,
        (await call('POST', '/api/users', null, newUser('anon@example.test'))).statusCode,
      ];
      expect(statuses).toEqual([400, 409, 409, 409, 400, 400, 400, 400, 403, 403, 403, 401]);
    });
    expect(rows).toEqual([]);
  });
});

describe('append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of an entry', async () => {
    const { db } = t.database;
    expect((await entries()).length).toBeGreaterThan(0);
    // (drizzle wraps the database's error: its message is the cause's)
    const refusal = (q: Promise<unknown>) =>
      q.then(
        () => 'done',
        (e: { message: string; cause?: { message?: string } }) => e.cause?.message ?? e.message,
      );
    expect(await refusal(db.execute(sql`update audit_log set actor_name = 'someone else'`))).toMatch(
      /audit_log is append-only: UPDATE refused/,
    );
    expect(await refusal(db.execute(sql`delete from audit_log`))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    expect((await entries()).some((e) => e.actorName === 'someone else')).toBe(false);
  });
});

describe('GET /api/admin/audit', () => {
  const repo = () => auditRepository(t.database.db);
  const ACTOR = '00000000-0000-4000-8000-00000000a0d1';
  const at = (minute: number) => new Date(Date.UTC(2020, 0, 1, 10, minute));

  beforeAll(async () => {
    // Old entries (2020), by a user who no longer exists: the filters and paging below read only these.
    for (let i = 0; i < 7; i++)
      await repo().insert({
        at: at(i),
        actorId: ACTOR,
        actorName: 'Departed Admin',
        action: i % 2 ? 'user.deleted' : 'user.created',
        targetType: 'user',
        targetId: `u${i}`,
        targetLabel: i === 3 ? 'Needle_100%@example.test' : `person${i}@example.test`,
        before: null,
        after: { name: `Person ${i}` },
        ip: '198.51.100.1',
      });
  });

  const list = async (query: string, token = adminToken) => {
    const res = await call('GET', `/api/admin/audit?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: { _id: string; at: string; action: string; target: { label: string }; actor: { name: string } }[];
      total: number;
      next_cursor: string | null;
    };
  };
  const old = 'from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z';

  it('answers entries newest first, as DTOs', async () => {
    const page = await list(old);
    expect(page.total).toBe(7);
    expect(page.items.map((e) => e.at)).toEqual([6, 5, 4, 3, 2, 1, 0].map((m) => at(m).toISOString()));
    expect(page.items[0]).toEqual({
      _id: expect.any(String),
      at: at(6).toISOString(),
      actor: { id: ACTOR, name: 'Departed Admin' },
      action: 'user.created',
      target: { type: 'user', id: 'u6', label: 'person6@example.test' },
      before: null,
      after: { name: 'Person 6' },
      address: '198.51.100.1',
    });
    // The newest of all is the latest admin action of this file.
    const all = await list('');
    expect(new Date(all.items[0]!.at).getTime()).toBeGreaterThan(at(6).getTime());
  });

  it('filters by one or several actions, by actor, by target text (wildcards taken literally) and by dates', async () => {
    expect((await list(`${old}&action=user.deleted`)).total).toBe(3);
    expect((await list(`${old}&action=user.deleted&action=user.created`)).total).toBe(7);
    expect((await list(`${old}&action=settings.changed`)).total).toBe(0);
    expect((await list(`actor=${ACTOR}`)).total).toBe(7);
    expect((await list(`actor=${adminId}&${old}`)).total).toBe(0);
    expect((await list(`actor=${adminId}`)).total).toBeGreaterThan(5);
    const needle = await list(`target=${encodeURIComponent('_100%')}`);
    expect(needle.items.map((e) => e.target.label)).toEqual(['Needle_100%@example.test']);
    expect((await list(`target=PERSON`)).total).toBe(6);
    const window = await list('from=2020-01-01T10:02:00Z&to=2020-01-01T10:05:00Z');
    expect(window.items.map((e) => e.at)).toEqual([4, 3, 2].map((m) => at(m).toISOString()));
  });

  it('pages by page and size, and by cursor, without gaps or repeats', async () => {
    const first = await list(`${old}&pageSize=3`);
    const second = await list(`${old}&pageSize=3&page=1`);
    const third = await list(`${old}&pageSize=3&page=2`);
    expect([...first.items, ...second.items, ...third.items].map((e) => e.at)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((m) => at(m).toISOString()),
    );
    expect(third.next_cursor).toBeNull();

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(
        `${old}&pageSize=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.items.map((e) => e._id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...first.items, ...second.items, ...third.items].map((e) => e._id));
  });

  it('keeps entries of the same instant in one order across pages (id breaks the tie)', async () => {
    const same = new Date(Date.UTC(2019, 5, 1));
    for (let i = 0; i < 4; i++)
      await repo().insert({
        at: same,
        actorId: null,
        actorName: 'Tie',
        action: 'settings.changed',
        targetType: 'settings',
        targetId: 'documents',
        targetLabel: 'Tie break',
        ip: null,
      });
    const q = 'target=Tie%20break&pageSize=1';
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(
        `${q}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      ids.push(...page.items.map((e) => e._id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it('refuses unknown actions, bad dates, an end before the start and a bad cursor', async () => {
    for (const q of [
      'action=user.hacked',
      'from=yesterday',
      'from=2020-01-02T00:00:00Z&to=2020-01-01T00:00:00Z',
      'cursor=nonsense',
      'actor=not-a-uuid',
      'pageSize=1000',
    ]) {
      expect((await call('GET', `/api/admin/audit?${q}`, adminToken)).statusCode, q).toBe(400);
    }
  });

  it('names every actor of the log for the filter, a deleted one with the name the log kept', async () => {
    const res = await call('GET', '/api/admin/audit/actors', adminToken);
    expect(res.statusCode).toBe(200);
    const actors = res.json() as { id: string; name: string; deleted: boolean }[];
    expect(actors).toContainEqual({ id: ACTOR, name: 'Departed Admin', deleted: true });
    expect(actors).toContainEqual({ id: adminId, name: 'Administrator', deleted: false });
  });

  it('is for admins only', async () => {
    const editor = await createUser(t, { email: 'editor-audit@example.test', modules: modulesWith('full_rights') });
    const token = await login(t, editor.email, PASSWORD);
    expect((await call('GET', '/api/admin/audit', token)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/audit/actors', token)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/audit', null)).statusCode).toBe(401);
  });
});

describe('the address behind a trusted proxy', () => {
  it('is the forwarded one with TRUST_PROXY, the peer otherwise', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
    try {
      const token = await login(proxied, ADMIN_EMAIL, ADMIN_PASSWORD);
      const headers = { ...bearer(token), 'x-forwarded-for': '192.0.2.44' };
      const res = await proxied.app.inject({
        method: 'PUT',
        url: '/api/settings/documents',
        remoteAddress: '10.0.0.2',
        headers,
        payload: { quote_validity_days: 12 },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await proxied.database.db.select().from(auditLog);
      expect(row!.ip).toBe('192.0.2.44');
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY the header is the client's claim: the peer's address is kept.
    const rows = await written(() =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings/documents',
        remoteAddress: CLIENT,
        headers: { ...bearer(adminToken), 'x-forwarded-for': '192.0.2.44' },
        payload: { quote_validity_days: 13 },
      }),
    );
    expect(rows.map((r) => r.ip)).toEqual([CLIENT]);
  });
});

describe('the recorder', () => {
  it('masks secrets at any depth', () => {
    expect(
      maskSecrets({ password: 'p', apiKey: 'k', nested: { token: 't', ok: 1 }, passwordHash: 'h', name: 'n' }),
    ).toEqual({
      password: 'changed',
      apiKey: 'changed',
      nested: { token: 'changed', ok: 1 },
      passwordHash: 'changed',
      name: 'n',
    });
  });

  it('a write that fails after the change is logged with the entry, and does not fail the change', async () => {
    const error = vi.fn();
    const failing = { insert: () => Promise.reject(new Error('database gone')) } as unknown as ReturnType<
      typeof auditRepository
    >;
    const { record } = auditService({ repo: failing, log: { error } });
    await expect(
      record({
        actor: { id: null, name: 'A' },
        action: 'settings.changed',
        target: { type: 'settings', id: 'documents', label: 'Customer documents' },
        after: { secret: 's' },
        origin: { ip: '127.0.0.1' },
      }),
    ).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({
        audit: expect.objectContaining({ action: 'settings.changed', after: { secret: 'changed' } }),
      }),
      'could not write an audit log entry',
    );
  });
});
