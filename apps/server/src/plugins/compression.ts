// Compression of big answers (decision 0012): every answer of 2 KB or more (JSON, problem+json, the web app's files) is
// compressed with the encoding the client prefers among br and gzip (@fastify/compress). The whole sale (GET
// /api/sales/:id) opts out: it is served from the cache of serialized sales with its encoded bytes computed once per
// version (infra/cached-json.ts), using negotiateEncoding below.
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { type BodyEncoding, BROTLI_QUALITY, COMPRESS_THRESHOLD, GZIP_LEVEL } from '../infra/cached-json';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
    // Our clients never compress request bodies: accepting them would only get around the body limits.
    globalDecompression: false,
  });
}

/**
 * The encoding to answer for an Accept-Encoding header: br, else gzip, else identity (RFC 9110 §12.5.3: a coding
 * with q=0 is refused; `*` stands for any coding not named).
 */
export function negotiateEncoding(header: string | string[] | undefined): BodyEncoding {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (coding: string) => q.get(coding) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}
