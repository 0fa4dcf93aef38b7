// A revision's stored document (docs/decisions/0029-revisions.md): the gzip of {"sale": <the sale's JSON as GET
// /api/sales/:id answers it>, "cover_letter": <the letter as its GET answers it, or null>}. The sale's part is the
// cached answer's own gzip bytes when it has them (infra/cached-json.ts): gzip members concatenated are one gzip
// stream, so saving a revision compresses only the few bytes around it.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { CoverLetter, RevisionDocument, RevisionSummary, SaleDto } from '@quotewright/contracts';
import { revisionLabel } from '@quotewright/contracts';
import type { RevisionMeta } from './revisions.repository';

const gunzip = promisify(zlib.gunzip);
const gzip = promisify(zlib.gzip);

const OPEN = zlib.gzipSync('{"sale":', { level: 1 });

/** The document's bytes from the sale's JSON already gzipped and the cover letter. */
export async function documentBytes(saleGzip: Buffer, cover: CoverLetter | null): Promise<Buffer> {
  const close = await gzip(`,"cover_letter":${JSON.stringify(cover)}}`, { level: 1 });
  return Buffer.concat([OPEN, saleGzip, close]);
}

/** The sale's JSON bytes gzipped (level 1, as the cached answer's). */
export const gzipJson = (bytes: Buffer): Promise<Buffer> => gzip(bytes, { level: 1 });

/** A stored document read back. */
export async function readDocument(content: Buffer): Promise<RevisionDocument> {
  return JSON.parse((await gunzip(content)).toString('utf8')) as RevisionDocument;
}

/** What the list shows of a sale as a revision keeps it. */
export function figuresOf(sale: SaleDto) {
  return {
    saleVersion: sale.version,
    totalPrice: sale.total_price,
    marginPercent: String(sale.pricing.total_margin_percent),
    lineCount: sale.sections.reduce((n, s) => n + s.lines.length, 0),
  };
}

/** A revision as the API answers it. */
export function toRevisionSummary(row: RevisionMeta, quoteNumber: string): RevisionSummary {
  return {
    _id: row.id,
    number: row.number,
    label: revisionLabel(quoteNumber, row.number),
    created_on: row.createdAt.toISOString(),
    created_by: { name: row.createdByName },
    comment: row.comment,
    source: row.source,
    sent_to_erp: row.sentToErp,
    sale_version: row.saleVersion,
    total_price: row.totalPrice,
    margin_percent: Number(row.marginPercent),
    line_count: row.lineCount,
  };
}
