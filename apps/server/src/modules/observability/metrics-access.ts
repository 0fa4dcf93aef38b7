// Who may read GET /metrics (docs/decisions/0035-metrics-request-ids-readiness.md): a scraper presenting the metrics
// token, or one connecting straight from an allowed address. Everyone else is answered as if there were no such route.
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv6 } from 'node:net';
import type { AddressRange } from '../../config';

/** What a request shows of itself that the check reads. */
export interface MetricsCaller {
  authorization: string | undefined;
  /** The address of the TCP peer (never X-Forwarded-For: that is for the client behind a proxy, and forgeable). */
  peer: string | undefined;
  /** The request carries a proxy's forwarding header: it came through a proxy or load balancer. */
  forwarded: boolean;
}

/**
 * The check for `token` (Authorization: Bearer, compared in constant time) or `allow` (addresses and CIDR ranges of
 * the TCP peer; a forwarded request never passes by address, so a load balancer in an allowed range does not open
 * the metrics to everyone behind it). Neither set: nobody.
 */
export function metricsAccess(opts: { token?: string | undefined; allow?: AddressRange[] | undefined }) {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const expected = opts.token ? digest(opts.token) : undefined;
  const allowed = new BlockList();
  for (const r of opts.allow ?? []) allowed.addSubnet(r.address, r.prefix, r.family);
  const byAddress = (opts.allow ?? []).length > 0;

  return (caller: MetricsCaller): boolean => {
    const presented = /^bearer\s+(\S+)\s*$/i.exec(caller.authorization ?? '')?.[1];
    // Hashes of both: equal lengths for timingSafeEqual, whatever was sent.
    if (expected && presented !== undefined && timingSafeEqual(digest(presented), expected)) return true;
    if (!byAddress || !caller.peer || caller.forwarded) return false;
    return allowed.check(caller.peer, isIPv6(caller.peer) ? 'ipv6' : 'ipv4');
  };
}

/** The forwarding headers of proxies: their presence makes a request "forwarded". */
export const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;
