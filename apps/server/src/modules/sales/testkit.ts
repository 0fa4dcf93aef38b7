// Shared by the sales test files: users per role and calls through the HTTP API (never the database).

import { type NewProductRow, products } from '@quotewright/db';
import { expect } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createUser,
  login,
  modulesWith,
  type TestApp,
} from '../../../test/helpers';
import type { SaleDto } from './sales.dto';

export interface Tokens {
  admin: string;
  editor: string;
  full: string;
  viewer: string;
  disabled: string;
}

let n = 0;
export async function roleTokens(t: TestApp): Promise<Tokens> {
  const tag = `${Date.now()}-${++n}`;
  const make = async (level: Parameters<typeof modulesWith>[0], name: string) => {
    const u = await createUser(t, {
      name,
      email: `${name.toLowerCase()}-${tag}@sales.test`,
      modules: modulesWith(level),
    });
    return login(t, u.email);
  };
  return {
    admin: await login(t, ADMIN_EMAIL, ADMIN_PASSWORD),
    editor: await make('editor', 'Editor'),
    full: await make('full_rights', 'Full'),
    viewer: await make('viewer', 'Viewer'),
    disabled: await make('disabled', 'Disabled'),
  };
}

export function api(t: TestApp) {
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  return {
    get: (url: string, token: string | null) => call('GET', url, token),
    post: (url: string, token: string | null, payload?: unknown) => call('POST', url, token, payload),
    del: (url: string, token: string | null) => call('DELETE', url, token),
    /** A call that must succeed: answers the JSON body. */
    async ok<T = SaleDto>(
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      token: string,
      payload?: unknown,
    ): Promise<T> {
      const res = await call(method, url, token, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 400)}`).toBeLessThan(300);
      const body = res.json() as Record<string, unknown>;
      // A mutation answers only what changed: the tests read the whole sale as it is now, next to it.
      if (body && typeof body === 'object' && 'changes' in body && typeof body.saleId === 'string') {
        const now = await call('GET', `/api/sales/${body.saleId}`, token);
        const sale = now.json() as SaleDto;
        return { ...sale, ...body, sale } as T;
      }
      return body as T;
    },
  };
}

/** A problem+json answer with this status (and code, when given). */
export function expectProblem(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  code?: string,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  const body = res.json() as { status: number; code: string; detail: string };
  expect(body.status).toBe(status);
  if (code) expect(body.code).toBe(code);
  return body;
}

/** The catalog the sales and export tests build quotes from (ids 1–4; 4 is inactive). */
export const TEST_PRODUCTS: Record<1 | 2 | 3 | 4, NewProductRow> = {
  1: {
    id: 1,
    model: 'DESK-1',
    name: 'Desk',
    description: 'A desk',
    manufacturer: 'Steelcase',
    uom: 'Units',
    price: '100',
    cost: '60',
    contentHash: 'a',
  },
  2: { id: 2, model: 'LEG-1', name: 'Leg', description: 'A leg', price: '10.50', cost: '6.2512', contentHash: 'b' },
  3: { id: 3, model: '', name: 'Chair', description: '', price: '45', cost: '0', contentHash: 'c' },
  4: {
    id: 4,
    model: 'OLD-1',
    name: 'Old',
    description: 'Gone',
    price: '1',
    cost: '1',
    active: false,
    contentHash: 'd',
  },
};

/** Puts some of TEST_PRODUCTS in the local catalog (straight to the database: the catalog comes from the ERP). */
export async function seedProducts(t: TestApp, ids: (1 | 2 | 3 | 4)[] = [1, 2, 3, 4]): Promise<void> {
  await t.database.db.insert(products).values(ids.map((id) => TEST_PRODUCTS[id]));
}

/**
 * A sale (made by `token`) with a Main section and an optional Options section (presentation 'optional'), each with
 * one product line: `main` and `optional` are [product, quantity].
 */
export async function quoteWithOptional(
  a: ReturnType<typeof api>,
  token: string,
  name: string,
  main: [1 | 2 | 3 | 4, string],
  optional: [1 | 2 | 3 | 4, string],
): Promise<{ saleId: string; main: string; options: string }> {
  const sale = await a.ok('POST', '/api/sales', token, { name });
  await a.ok('POST', `/api/sales/sections/create/${sale._id}`, token, { name: 'Main' });
  const both = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, token, {
    name: 'Options',
    presentation: 'optional',
  });
  const [mainId, optionsId] = both.sections.map((s) => s._id) as [string, string];
  for (const [section, [product, quantity]] of [
    [mainId, main],
    [optionsId, optional],
  ] as const)
    await a.ok('POST', `/api/sales/lines/create/${sale._id}/${section}`, token, {
      lines: [{ product, quantity }],
      sequence: -1,
    });
  return { saleId: sale._id, main: mainId, options: optionsId };
}
