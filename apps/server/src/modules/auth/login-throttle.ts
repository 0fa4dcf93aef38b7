import { failureLimiter } from './rate-limiter';

/**
 * Sign-in throttling that stops guessing without handing an attacker a way to lock the real owner out
 * (docs/decisions/0008-login-throttle-per-pair.md):
 * - per (e-mail, address) pair: `perPair` failures in the window block that pair (the right password included);
 * - per e-mail, from anywhere: past `perEmail` failures a back-off doubles with each further failure (1 s, 2 s,
 *   4 s … capped at the window), so a distributed guess slows to a crawl;
 * - per address: past `perAddress` failures that address may only try e-mails it has signed in with before.
 * A pair that has signed in successfully (a known-good address for that e-mail) is exempt from the last two, so
 * neither a flood against one e-mail nor a noisy neighbour behind the same proxy keeps the owner out.
 * Counters live in the process (as in decision 0003).
 */
export function loginThrottle(
  opts: { perPair: number; perEmail: number; perAddress: number; windowSeconds: number; knownGoodDays?: number },
  now: () => number = () => Date.now(),
) {
  const pairs = failureLimiter(opts.perPair, opts.windowSeconds, now);
  const addresses = failureLimiter(opts.perAddress, opts.windowSeconds, now);
  const emails = new Map<string, { count: number; last: number; resetAt: number }>();
  const knownGood = new Map<string, number>();
  const windowMs = opts.windowSeconds * 1000;
  const knownGoodMs = (opts.knownGoodDays ?? 90) * 86_400_000;
  const pairKey = (email: string, ip: string) => `${email}\u0000${ip}`;

  function sweep<V>(map: Map<string, V>, expired: (v: V, t: number) => boolean, t: number) {
    if (map.size < 50_000) return;
    for (const [k, v] of map) if (expired(v, t)) map.delete(k);
  }

  function emailBackoff(email: string, t: number): number {
    const e = emails.get(email);
    if (!e || e.resetAt <= t || e.count < opts.perEmail) return 0;
    const delayMs = Math.min(windowMs, 1000 * 2 ** Math.min(30, e.count - opts.perEmail));
    const wait = e.last + delayMs - t;
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  function isKnownGood(email: string, ip: string, t: number): boolean {
    const until = knownGood.get(pairKey(email, ip));
    return until !== undefined && until > t;
  }

  return {
    /** Seconds this attempt must wait (0: it may be checked now). */
    retryAfter(email: string, ip: string): number {
      const t = now();
      const pair = pairs.retryAfter(pairKey(email, ip));
      if (isKnownGood(email, ip, t)) return pair;
      return Math.max(pair, emailBackoff(email, t), addresses.retryAfter(ip));
    },
    fail(email: string, ip: string) {
      const t = now();
      pairs.fail(pairKey(email, ip));
      addresses.fail(ip);
      sweep(emails, (v, at) => v.resetAt <= at, t);
      const e = emails.get(email);
      if (!e || e.resetAt <= t) emails.set(email, { count: 1, last: t, resetAt: t + windowMs });
      else {
        e.count += 1;
        e.last = t;
      }
    },
    succeed(email: string, ip: string) {
      const t = now();
      pairs.reset(pairKey(email, ip));
      sweep(knownGood, (until, at) => until <= at, t);
      knownGood.set(pairKey(email, ip), t + knownGoodMs);
    },
  };
}
export type LoginThrottle = ReturnType<typeof loginThrottle>;
