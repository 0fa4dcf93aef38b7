// What every part of the seed shares: the demo users' fixed ids and secrets, the random streams, the seed clock and
// the low-level insert that stamps a record as the admin made it.
import type { Env, Store } from '../store.js';
import type { Rec, Version } from '../types.js';

export interface SeedOptions {
  size?: 'demo' | 'bench';
  seed?: number;
  login?: string;
  password?: string;
  apiKey?: string;
  /** Company 1's currency: USD (default) or EUR (tests of a company in another currency). */
  currency?: 'USD' | 'EUR';
}

export const ADMIN_UID = 2;
export const DEMO_UID = 6;
export const DEMO_LOGIN = 'demo';
export const DEMO_PASSWORD = 'demo';
export const DEMO_API_KEY = 'odoo-sim-demo-user-key';
/** Seed documents are dated up to this day. */
export const SEED_ANCHOR = Date.UTC(2026, 10, 20, 9, 0, 0);

/** Values of one record, as given to the store. */
export type Vals = Record<string, unknown>;

export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  constructor(readonly next: () => number) {}
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(arr: readonly T[]): T {
    return arr[Math.floor(this.next() * arr.length)]!;
  }
  chance(p: number) {
    return this.next() < p;
  }
  sample<T>(arr: readonly T[], n: number): T[] {
    const copy = [...arr];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!);
    return out;
  }
}

/**
 * One seeding run. `rng` draws the data; `microRng` is the store's source of sub-millisecond timestamp parts (two
 * streams: the order of draws within each one is what makes the data). `clock` is the store's frozen time.
 */
export interface SeedCtx {
  store: Store;
  v: Version;
  opts: SeedOptions;
  rng: Rng;
  microRng: () => number;
  clock: number;
  /** The admin acting through the ORM (documents). */
  env: Env;
}

export function createSeedCtx(store: Store, opts: SeedOptions): SeedCtx {
  const rng = new Rng(mulberry32(opts.seed ?? 42));
  const microRng = mulberry32((opts.seed ?? 42) ^ 0x5eed);
  const v = store.version;
  const env: Env = { store, version: v, uid: ADMIN_UID, context: {}, now: () => store.clockNow() };
  return { store, v, opts, rng, microRng, clock: 0, env };
}

/** Sets the seed clock (and the store's frozen time) to `ms`. */
export function setClock(ctx: SeedCtx, ms: number): number {
  ctx.clock = ms;
  ctx.store.fixedNow = ms;
  return ms;
}

export function tick(ctx: SeedCtx, ms = 1000 + Math.floor(ctx.microRng() * 5000)) {
  setClock(ctx, ctx.clock + ms);
}

const stamp = (store: Store) => ({
  create_date: store.clockNow(),
  write_date: store.clockNow(),
  create_uid: 2,
  write_uid: 2,
});

/** Inserts raw values straight into the store (master data), stamped as created by the admin now. */
export function ins(ctx: SeedCtx, model: string, vals: Vals): Rec {
  return ctx.store.insert(model, { ...stamp(ctx.store), ...vals });
}

/** Inserts records given as data, in order (each one a fresh copy: the data is never shared with a store). */
export function insAll(ctx: SeedCtx, model: string, rows: readonly Vals[]): Rec[] {
  return rows.map((row) => ins(ctx, model, structuredClone(row)));
}

/** The user's groups, under 18's or 19's field name. */
export const groupsOf = (v: Version, ids: number[]) => (v === 18 ? { groups_id: ids } : { group_ids: ids });

// standard_price is company-dependent: the Canadian company (4) buys 8 % dearer than company 1.
export const companyCosts = (cost: number) => ({ '1': cost, '4': Math.round(cost * 108) / 100 });
export const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const round2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100;
