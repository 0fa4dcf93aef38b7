import { failureLimiter } from './rate-limiter';

/**
 * Who is trying to sign in: the e-mail, the address, and the browser's device when it proved (a signed device cookie
 * known for this e-mail) that it signed in to this account before.
 */
export interface LoginAttempt {
  email: string;
  ip: string;
  /** The proven device's fingerprint; undefined without a valid proof for this e-mail. */
  device?: string;
}

/**
 * Sign-in throttling that stops guessing without handing an attacker a way to lock the real owner out
 * (docs/decisions/0008-login-throttle-per-pair.md, docs/decisions/0018-login-device-proof.md):
 * - an attempt from a proven device is counted in that device's own bucket only: `perPair` failures in the window
 *   block that device for this e-mail (a stolen laptop is no unlimited oracle), and nobody else's failures count
 *   there, so strangers behind the same address cannot lock the owner's browser out;
 * - any other attempt: per (e-mail, address) pair, `perPair` failures in the window block that pair (the right
 *   password included);
 * - per e-mail, from anywhere: past `perEmail` failures a back-off doubles with each further failure (1 s, 2 s,
 *   4 s … capped at the window), so a distributed guess slows to a crawl;
 * - per address: past `perAddress` failures that address may only try e-mails it has signed in with before.
 * A proven device, and an address known for the e-mail (it signed in there), are exempt from the last two.
 * Which devices and addresses are known is the caller's to say (kept in the database); the counters live in the
 * process.
 */
export function loginThrottle(
  opts: { perPair: number; perEmail: number; perAddress: number; windowSeconds: number },
  now: () => number = () => Date.now(),
) {
  const pairs = failureLimiter(opts.perPair, opts.windowSeconds, now);
  const devices = failureLimiter(opts.perPair, opts.windowSeconds, now);
  const addresses = failureLimiter(opts.perAddress, opts.windowSeconds, now);
  const emails = new Map<string, { count: number; last: number; resetAt: number }>();
  const windowMs = opts.windowSeconds * 1000;
  const pairKey = (a: LoginAttempt) => `${a.email}\u0000${a.ip}`;
  const deviceKey = (a: LoginAttempt) => `${a.email}\u0000${a.device}`;

  function sweepEmails(t: number) {
    if (emails.size < 50_000) return;
    for (const [k, v] of emails) if (v.resetAt <= t) emails.delete(k);
  }

  function emailBackoff(email: string, t: number): number {
    const e = emails.get(email);
    if (!e || e.resetAt <= t || e.count < opts.perEmail) return 0;
    const delayMs = Math.min(windowMs, 1000 * 2 ** Math.min(30, e.count - opts.perEmail));
    const wait = e.last + delayMs - t;
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  /**
   * Seconds this attempt must wait (0: it may be checked now), for an address known (`knownAddress`) or not known
   * for the e-mail.
   */
  function retryAfter(a: LoginAttempt, knownAddress = false): number {
    if (a.device !== undefined) return devices.retryAfter(deviceKey(a));
    const pair = pairs.retryAfter(pairKey(a));
    if (knownAddress) return pair;
    return Math.max(pair, emailBackoff(a.email, now()), addresses.retryAfter(a.ip));
  }

  return {
    retryAfter,
    /** Whether a known address would be let through sooner: only then need the caller look the address up. */
    addressMatters: (a: LoginAttempt): boolean => retryAfter(a, false) > retryAfter(a, true),
    fail(a: LoginAttempt) {
      const t = now();
      if (a.device !== undefined) devices.fail(deviceKey(a));
      else {
        pairs.fail(pairKey(a));
        addresses.fail(a.ip);
      }
      sweepEmails(t);
      const e = emails.get(a.email);
      if (!e || e.resetAt <= t) emails.set(a.email, { count: 1, last: t, resetAt: t + windowMs });
      else {
        e.count += 1;
        e.last = t;
      }
    },
    /**
     * Clears the bucket the attempt was counted in. A proven device's success leaves the shared pair alone: the
     * stranger counted there must not get a fresh start from the owner's sign-in.
     */
    succeed(a: LoginAttempt) {
      if (a.device !== undefined) devices.reset(deviceKey(a));
      else pairs.reset(pairKey(a));
    },
  };
}
export type LoginThrottle = ReturnType<typeof loginThrottle>;
