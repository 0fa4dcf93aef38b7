import { createHash } from 'node:crypto';

/** Stable hash of fetched content: equal content → equal hash → nothing written. */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}
