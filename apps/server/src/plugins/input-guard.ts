import type { FastifyInstance } from 'fastify';
import { validation } from '../errors';

type Flaw = 'nul' | 'surrogate';

/** In a `u` regular expression a well-formed pair is one code point: only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/** A string's flaw: a NUL character, or a lone UTF-16 surrogate (half of a pair, which is no character). */
const flawOf = (s: string): Flaw | undefined =>
  s.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(s) ? 'surrogate' : undefined;

function findFlaw(value: unknown, depth = 0): Flaw | undefined {
  if (typeof value === 'string') return flawOf(value);
  if (depth > 64 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const v of value) {
      const f = findFlaw(v, depth + 1);
      if (f) return f;
    }
    return undefined;
  }
  for (const [k, v] of Object.entries(value)) {
    const f = flawOf(k) ?? findFlaw(v, depth + 1);
    if (f) return f;
  }
  return undefined;
}

const MESSAGES: Record<Flaw, string> = {
  nul: 'Text must not contain NUL characters (\\u0000)',
  surrogate: 'Text must not contain a lone UTF-16 surrogate (half of a character, \\ud800–\\udfff)',
};

/**
 * PostgreSQL cannot store a NUL character in text, nor a lone UTF-16 surrogate in jsonb (a text column would keep
 * U+FFFD in its place): refuse both up front with a field-less 400 instead of a database error (a 500) half-way
 * through a request, or text silently changed. Bodies, query strings and path parameters alike.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const flaw = findFlaw(req.params) ?? findFlaw(req.query) ?? findFlaw(req.body);
    if (flaw) throw validation({}, MESSAGES[flaw]);
  });
}
