// The chaos run's HTTP side (bench/chaos.ts): one request through the balancer, judged as a person would see it, and
// the journal of every request the simulated people made with its outcome:
//   acknowledged — a 2xx answer: the server says it is done;
//   refused      — a 4xx answer with its code: the server says it did nothing;
//   failed       — a 5xx answer, no answer, a timeout: whether it was done is unknown.

export type Outcome = 'acknowledged' | 'refused' | 'failed';
export type Kind = 'edit' | 'add' | 'delete' | 'note' | 'publish' | 'read';
export type EditField = 'quantity' | 'price';

export interface Answer<T = unknown> {
  /** 0: no answer (network error, timeout). */
  status: number;
  json: T;
  outcome: Outcome;
  /** The problem's code (4xx/5xx), or the network error. */
  code?: string;
}

export interface Rec {
  person: string;
  kind: Kind;
  sale: string;
  section?: string;
  start: number;
  end: number;
  outcome: Outcome;
  status: number;
  code?: string;
  /** The sale's version the answer's delta carries (acknowledged writes). */
  version?: number;
  /** edit: the line and field set, and the value; delete: the line. */
  line?: string;
  field?: EditField;
  value?: string;
  /** add / note: the unique text of the new line; its id once acknowledged. */
  marker?: string;
}

export class Journal {
  readonly records: Rec[] = [];
  add(r: Rec): Rec {
    this.records.push(r);
    return r;
  }
  count(kind?: Kind, outcome?: Outcome): number {
    return this.records.filter((r) => (!kind || r.kind === kind) && (!outcome || r.outcome === outcome)).length;
  }
}

export function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'acknowledged';
  if (status >= 400 && status < 500) return 'refused';
  return 'failed';
}

/** One request (JSON in and out) with a deadline; never throws: a network error is status 0. */
export async function send<T = unknown>(
  base: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  timeoutMs = 15_000,
): Promise<Answer<T>> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    const outcome = outcomeOf(res.status);
    const code =
      outcome === 'acknowledged'
        ? undefined
        : String((json as { code?: string } | undefined)?.code ?? `HTTP_${res.status}`);
    return { status: res.status, json: json as T, outcome, ...(code ? { code } : {}) };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    return {
      status: 0,
      json: undefined as T,
      outcome: 'failed',
      code: err.name === 'TimeoutError' ? 'TIMEOUT' : (err.cause?.code ?? err.name),
    };
  }
}

/** The same, for the run's own set-up: anything but a 2xx stops the run. */
export async function must<T = unknown>(
  base: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const a = await send<T>(base, method, path, token, body, 120_000);
  if (a.outcome !== 'acknowledged')
    throw new Error(`${method} ${path}: ${a.status} ${a.code ?? ''} ${JSON.stringify(a.json)?.slice(0, 300)}`);
  return a.json;
}

/** A small seeded random generator (mulberry32): the run's choices replay from its seed. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}
