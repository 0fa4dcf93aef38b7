// Which ERP orders are this installation's (docs/decisions/0017). A publish writes the sale's quote number followed
// by a key that only this installation writes for this sale into the order's `origin` ("Source Document": not
// printed on the quotation, the portal or the invoice): `Q00001 [qw1-3f9a2c1e7b4d5a6c8e0f]`. The key is a hash of
// the installation id (random, made at first start and kept in the database) and the sale id, so another
// installation on the same ERP (staging and production, a reinstall, a second office), a person, or another sale
// of this installation never produces it. An order is this sale's only when its origin carries the key, or when it
// is the very order the sales fetch brought the sale in from (same id, name and creation time as recorded).
import { createHash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'qw1-';
const ORIGIN_RE = /^(.*?)\s*\[(qw1-[0-9a-f]{20})\]$/;

export interface ParsedOrigin {
  /** what people read: the quote number, `Q00001-2` for a second order, or whatever another system wrote */
  slot: string;
  /** the installation/sale key, when the origin carries one */
  key: string | null;
}

/** Splits an origin into the visible part and the key (`Q00001 [qw1-…]` → Q00001, qw1-…). */
export function parseOrigin(origin: string): ParsedOrigin {
  const m = ORIGIN_RE.exec(origin.trim());
  return m ? { slot: m[1]!.trim(), key: m[2]! } : { slot: origin.trim(), key: null };
}

export interface OrderKeys {
  readonly installationId: string;
  /** The key of a sale: only this installation writes it, and only for this sale. */
  key(saleId: string): string;
  /** The origin a publish of the sale writes under `slot` (the quote number, or `Q00001-2`). */
  origin(slot: string, saleId: string): string;
  /** Whether an origin read from the ERP carries the sale's key. */
  owns(origin: string | null | undefined, saleId: string): boolean;
}

export function orderKeys(installationId: string): OrderKeys {
  if (!/^[0-9a-f]{32}$/.test(installationId)) throw new Error('The installation id must be 32 hex characters');
  const key = (saleId: string) =>
    `${KEY_PREFIX}${createHash('sha256').update(`${installationId}\n${saleId}`).digest('hex').slice(0, 20)}`;
  return {
    installationId,
    key,
    origin: (slot, saleId) => `${parseOrigin(slot).slot} [${key(saleId)}]`,
    owns: (origin, saleId) => !!origin && parseOrigin(origin).key === key(saleId),
  };
}

/** A new installation id (kept once in the database by the caller). */
export const newInstallationId = (): string => randomBytes(16).toString('hex');
