// A sale's GET started when the page loads on a sale's address, before the editor's code has arrived: the two
// downloads overlap, and the editor's first read takes the answer (or asks again when it failed). It imports the GET's
// definition alone (saleReadRoute), not the sales API's other routes and their schemas: it runs before the app's code.
import { saleReadRoute } from '@quotewright/contracts';
import { call } from './api';
import { readToken } from './token';

/** A read is taken only this soon after it started (an older one may miss later changes: the editor asks again). */
const FRESH_MS = 5000;

const pending = new Map<string, { answer: Promise<unknown>; at: number }>();

/** Starts reading the sale `id` (signed in only); its editor takes the answer with takePrefetchedSale. */
export function prefetchSale(id: string): void {
  const held = pending.get(id);
  if (!readToken() || (held && Date.now() - held.at < FRESH_MS)) return;
  const answer = call(saleReadRoute, { params: { id } });
  // a failure is the editor's to report: it reads the sale again
  answer.catch(() => undefined);
  pending.set(id, { answer, at: Date.now() });
}

/** The read started for the sale `id` in the last seconds, once (later reads go to the server). */
export function takePrefetchedSale<T>(id: string): Promise<T> | undefined {
  const held = pending.get(id);
  pending.delete(id);
  return held && Date.now() - held.at < FRESH_MS ? (held.answer as Promise<T>) : undefined;
}

/** A page loaded on /sale/{id}: its sale is read at once. True when the address is a sale's. */
export function prefetchSaleOfPath(pathname: string): boolean {
  const m = /^\/sale\/([^/]+)\/?$/.exec(pathname);
  if (!m?.[1]) return false;
  prefetchSale(decodeURIComponent(m[1]));
  return true;
}
