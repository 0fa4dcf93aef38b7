/**
 * Counts failed logins per key in a fixed window. In-process: with several server processes each keeps its own
 * counts (docs/decisions/0003-login-rate-limit.md).
 */
export function failureLimiter(max: number, windowSeconds: number, now: () => number = () => Date.now()) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  const windowMs = windowSeconds * 1000;
  function sweep(t: number) {
    if (hits.size < 10_000) return;
    for (const [k, v] of hits) if (v.resetAt <= t) hits.delete(k);
  }
  return {
    /** Seconds until the key may try again, or 0 when it may try now. */
    retryAfter(key: string): number {
      const t = now();
      const e = hits.get(key);
      if (!e || e.resetAt <= t) return 0;
      return e.count >= max ? Math.ceil((e.resetAt - t) / 1000) : 0;
    },
    fail(key: string) {
      const t = now();
      sweep(t);
      const e = hits.get(key);
      if (!e || e.resetAt <= t) hits.set(key, { count: 1, resetAt: t + windowMs });
      else e.count += 1;
    },
    reset(key: string) {
      hits.delete(key);
    },
  };
}
export type FailureLimiter = ReturnType<typeof failureLimiter>;
