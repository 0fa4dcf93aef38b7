// Credentials of simulated users: passwords and API keys are kept on the raw user records (never readable as fields).
import type { Store } from './store.js';

export interface Credentials {
  password?: string;
  apiKeys?: string[];
}

export function setCredentials(store: Store, uid: number, creds: Credentials) {
  const u = store.get('res.users', uid);
  if (!u) throw new Error(`no user ${uid}`);
  store.update('res.users', uid, {
    _password: creds.password ?? u._password,
    _api_keys: creds.apiKeys ?? u._api_keys ?? [],
  });
}

function matches(u: Record<string, unknown>, secret: unknown): boolean {
  if (typeof secret !== 'string' || !secret) return false;
  if (u._password === secret) return true;
  return ((u._api_keys as string[] | undefined) ?? []).includes(secret);
}

/** common.login / authenticate: uid or false. */
export function authenticate(store: Store, login: unknown, secret: unknown): number | false {
  for (const u of store.table('res.users').values())
    if (u.login === login && u.active !== false && matches(u, secret)) return u.id;
  return false;
}

/** execute_kw: uid + password or API key. */
export function checkUid(store: Store, uid: unknown, secret: unknown): boolean {
  const u = typeof uid === 'number' ? store.get('res.users', uid) : undefined;
  return !!u && u.active !== false && matches(u, secret);
}

/** JSON-2 bearer: uid of the API key's owner. */
export function uidForApiKey(store: Store, key: string): number | undefined {
  for (const u of store.table('res.users').values())
    if (u.active !== false && ((u._api_keys as string[] | undefined) ?? []).includes(key)) return u.id;
  return undefined;
}
