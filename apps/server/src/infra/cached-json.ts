// A JSON answer serialized once and sent many times (the whole sale, GET /api/sales/:id): its UTF-8 bytes
// (encoding a 400 KB string costs ~1.7 ms, per request when a string is sent) and each compressed form, computed on
// first use on libuv's thread pool (not the event loop) and kept while the answer is. plugins/compression.ts chooses
// the encoding from the request and compresses the other answers.
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Smaller answers are sent as they are: compressing them saves less than it costs (a one-line edit answers ~1.2 KB:
 * brotli would save ~600 bytes for ~0.3 ms of the server's time on every edit).
 */
export const COMPRESS_THRESHOLD = 2048;
/** Brotli's quality 4 packs a 400 KB sale 14× in ~1.6 ms (quality 11 would take hundreds). */
export const BROTLI_QUALITY = 4;
/** gzip's fastest level: a 400 KB sale in ~1.2 ms (level 6: ~3.5 ms) for a 10.7× instead of 12.5× smaller body. */
export const GZIP_LEVEL = 1;

export type BodyEncoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export class CachedJson {
  readonly bytes: Buffer;
  readonly #encoded = new Map<'br' | 'gzip', Promise<Buffer>>();
  /** The encodings the answer this one replaces was asked in (see warm). */
  readonly #asked: ('br' | 'gzip')[];

  /**
   * The answer as JSON text, or as its UTF-8 bytes already (assembled from cached parts); `replaces`: the previous
   * version of the same answer, whose encodings `warm` computes ahead.
   */
  constructor(text: string | Buffer, replaces?: CachedJson) {
    this.bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    this.#asked = replaces ? [...replaces.#encoded.keys()] : [];
  }

  /** Computes ahead the encodings the previous version was asked in (the clients of this answer use them). */
  warm(): void {
    for (const encoding of this.#asked) {
      if (this.encodingFor(encoding) === encoding) Promise.resolve(this.body(encoding)).catch(() => undefined);
    }
  }

  /** The encoding actually used for a client that accepts `wanted` (identity for small answers). */
  encodingFor(wanted: BodyEncoding): BodyEncoding {
    return this.bytes.length < COMPRESS_THRESHOLD ? 'identity' : wanted;
  }

  /** The body in `encoding` (see encodingFor). */
  body(encoding: BodyEncoding): Buffer | Promise<Buffer> {
    if (encoding === 'identity') return this.bytes;
    let hit = this.#encoded.get(encoding);
    if (!hit) {
      hit =
        encoding === 'br'
          ? brotli(this.bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length,
              },
            })
          : gzip(this.bytes, { level: GZIP_LEVEL });
      // A failure is not kept: the next request tries again.
      hit.catch(() => this.#encoded.delete(encoding));
      this.#encoded.set(encoding, hit);
    }
    return hit;
  }
}
