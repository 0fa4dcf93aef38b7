import type { FastifyInstance } from 'fastify';
import { validation } from '../errors';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/**
 * PostgreSQL cannot store a NUL character in text: refuse it up front with a field-less 400 instead of a database
 * error (a 500) half-way through a request. Bodies, query strings and path parameters alike.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.params) || hasNul(req.query) || hasNul(req.body)) {
      throw validation({}, 'Text must not contain NUL characters (\\u0000)');
    }
  });
}
