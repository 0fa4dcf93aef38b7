import {
  createUserSchema,
  resetPasswordSchema,
  salesListPreferencesSchema,
  updateUserSchema,
} from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validation } from '../../errors';
import { toUserDto, type UsersService } from './users.service';

const idParams = z.strictObject({ id: z.uuid('Unknown user id') });
const prefParams = z.strictObject({
  id: z.uuid('Unknown user id'),
  value: z.enum(['true', 'false'], { error: 'Expected true or false' }),
});
/**
 * A change takes the user object exactly as GET answers it: the fields the API answers but this route does not
 * change (id, creation date, SSO link, preferences with their own routes) are ignored, so a client can read a user,
 * change its modules and send it back. Truly unknown fields are still refused; an id naming another user too.
 */
const updateBody = updateUserSchema.extend({
  _id: z.string().optional(),
  date: z.unknown().optional(),
  azure_id: z.unknown().optional(),
  preferences: z.unknown().optional(),
});
const PREFERENCE_ROUTES = { darkmode: 'darkMode', widescreen: 'wideScreen', discrete: 'discreteMode' } as const;

/** The users calls; POST /api/users/login lives with the rest of sign-in in modules/auth. */
export function usersRoutes(app: FastifyInstance, deps: { users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { users } = deps;

  r.get('/api/users', async (req) => users.list(req.user));
  r.post('/api/users', { schema: { body: createUserSchema } }, async (req, reply) =>
    reply.code(201).send(await users.create(req.user, req.body)),
  );
  r.get('/api/users/:id', { schema: { params: idParams } }, async (req) => users.get(req.user, req.params.id));
  r.post('/api/users/:id', { schema: { params: idParams, body: updateBody } }, async (req) => {
    const { _id, date: _date, azure_id: _azureId, preferences: _preferences, ...change } = req.body;
    if (_id !== undefined && _id !== req.params.id) {
      throw validation({ _id: 'This is another user than the one in the address' });
    }
    return users.update(req.user, req.params.id, change);
  });
  r.delete('/api/users/:id', { schema: { params: idParams } }, async (req, reply) => {
    await users.remove(req.user, req.params.id);
    return reply.code(204).send();
  });

  r.post('/api/users/resetpassword/:id', { schema: { params: idParams, body: resetPasswordSchema } }, async (req) => {
    const row = await users.resetPassword(req.user, req.params.id, req.body);
    return { ok: true, user: toUserDto(row) };
  });

  for (const [segment, key] of Object.entries(PREFERENCE_ROUTES)) {
    r.post(`/api/users/${segment}/:id/:value`, { schema: { params: prefParams } }, async (req) =>
      users.setPreference(req.user, req.params.id, key, req.params.value === 'true'),
    );
  }
  // The sales list's grouping, sort and page size, kept so a reload or another browser shows the list the same way.
  r.put(
    '/api/users/:id/preferences/sales-list',
    { schema: { params: idParams, body: salesListPreferencesSchema } },
    async (req) => users.setSalesListPreferences(req.user, req.params.id, req.body),
  );
}
