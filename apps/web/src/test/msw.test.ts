// The typed API handlers (msw.ts) through the app's own client (lib/api.ts): the routing, the record of calls, the
// contract checks and the failures a test must not miss.
import { activityPageSchema, authApi, erpFetchApi, salesApi, usersApi } from '@quotewright/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, call } from '../lib/api';
import { makeToken, makeUser, nowSeconds } from './fixtures';
import { answer, assertNoFailures, problem, serve } from './msw';

const user = makeUser();
const emptyList = { items: [], total: 0, page: 0, pageSize: 20 };

describe('typed API handlers', () => {
  it('answer the relative /api URLs of call(), with the params, the parsed query and the body; calls are recorded', async () => {
    const token = makeToken({ sub: 'u1', exp: nowSeconds() + 3600 });
    window.localStorage.setItem('token', token);
    const seen: unknown[] = [];
    const { calls } = serve(
      answer(salesApi.activity, ({ params, query }) => {
        seen.push(params.id, query.page, query.pageSize);
        return activityPageSchema.parse({ items: [], total: 0, page: query.page, pageSize: query.pageSize });
      }),
      answer(usersApi.update, ({ params, body }) => ({ ...user, _id: params.id, name: body.name ?? user.name })),
    );
    expect(await call(salesApi.activity, { params: { id: 's 1' }, query: { page: 2 } })).toMatchObject({ page: 2 });
    expect(seen).toEqual(['s 1', 2, 50]);
    expect(await call(usersApi.update, { params: { id: 'u1' }, body: { name: 'Grace' } })).toMatchObject({
      name: 'Grace',
    });
    expect(calls).toEqual([
      {
        method: 'GET',
        path: '/api/sales/s%201/activity',
        query: '?page=2',
        body: undefined,
        authorization: `Bearer ${token}`,
      },
      { method: 'POST', path: '/api/users/u1', query: '', body: { name: 'Grace' }, authorization: `Bearer ${token}` },
    ]);
  });

  it('route as the server does: a static segment wins over a param (GET /api/sales/groups is not a sale)', async () => {
    serve(answer(salesApi.get, () => problem(404, 'Sale not found')));
    await expect(call(salesApi.groups, { query: { groupBy: 'state' } })).rejects.toMatchObject({ status: 404 });
    expect(() => assertNoFailures()).toThrow(
      /No handler for GET \/api\/sales\/groups\?groupBy=state \(answer\(GET \/api\/sales\/groups/,
    );
  });

  it('a later handler of a route replaces an earlier one', async () => {
    serve(
      answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
      answer(authApi.config, { ssoProvider: 'Azure', erpName: 'Odoo' }),
    );
    expect(await call(authApi.config, {})).toEqual({ ssoProvider: 'Azure', erpName: 'Odoo' });
  });

  it('problems reach the app as the server writes them (code, field errors, extension members, headers)', async () => {
    serve(
      answer(
        authApi.login,
        problem(429, 'Too many failed logins', undefined, undefined, { headers: { 'Retry-After': '60' } }),
      ),
      answer(usersApi.get, problem(400, 'Some fields are invalid', { email: 'Email is invalid' })),
    );
    const limited = await call(authApi.login, { body: { email: 'a@b.c', password: 'x' } }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ApiError);
    expect(limited).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfter: 60,
      message: 'Too many failed logins',
    });
    serve(
      answer(
        usersApi.remove,
        problem(409, 'Bob changed it', undefined, 'EDIT_CONFLICT', { members: { conflicts: [{ field: 'name' }] } }),
      ),
    );
    await expect(call(usersApi.remove, { params: { id: 'u1' } })).rejects.toMatchObject({
      code: 'EDIT_CONFLICT',
      problem: {
        type: 'https://quotewright.dev/problems/edit-conflict',
        title: 'Conflict',
        conflicts: [{ field: 'name' }],
      },
    });
    // the same problem answers twice
    for (let i = 0; i < 2; i++)
      await expect(call(usersApi.get, { params: { id: 'u1' } })).rejects.toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        errors: { email: 'Email is invalid' },
      });
  });

  it('answers another success status of the route when told, and nothing for an empty answer', async () => {
    const run = {
      id: 'r1',
      kind: 'products' as const,
      state: 'loading' as const,
      status: 'queued' as const,
      progress: 0,
      processed: 0,
      total: null,
      written: 0,
      deactivated: 0,
      message: null,
      error: null,
      createdAt: '2026-11-21T10:00:00Z',
      startedAt: null,
      finishedAt: null,
    };
    serve(answer(erpFetchApi.start, run, { status: 202 }), answer(usersApi.remove, undefined));
    const started = await fetch('/api/odoo/sync/products', { method: 'POST' });
    expect([started.status, await started.json()]).toEqual([202, run]);
    expect((await fetch('/api/users/u1', { method: 'DELETE' })).status).toBe(204);
  });

  it('a Response made by hand answers as is, every time', async () => {
    serve(answer(usersApi.list, new Response('[]', { headers: { 'Content-Type': 'application/json' } })));
    expect(await call(usersApi.list, {})).toEqual([]);
    expect(await call(usersApi.list, {})).toEqual([]);
  });

  it('an answer the contract refuses, or a request no handler answers, fails the test', async () => {
    serve(answer(salesApi.list, { ...emptyList, total: 'none' } as never));
    await expect(call(salesApi.list, { query: {} })).rejects.toMatchObject({ status: 500 });
    await expect(call(usersApi.list, {})).rejects.toMatchObject({ status: 404 });
    expect(() => assertNoFailures()).toThrow(
      /GET \/api\/sales: the answer does not match the contract's 200 schema[\s\S]*No handler for GET \/api\/users /,
    );
  });

  it('a query the contract refuses is answered 400 and fails the test', async () => {
    serve(answer(salesApi.list, emptyList));
    await expect(call(salesApi.list, { query: { pageSize: 5000 } })).rejects.toMatchObject({ status: 400 });
    expect(() => assertNoFailures()).toThrow(/the query \?pageSize=5000 is refused by the contract/);
  });
});
