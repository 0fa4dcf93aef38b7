import { usersApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { validation } from '../../errors';
import { serve } from '../../plugins/contract-routes';
import { typedRoutes } from '../../plugins/typed-routes';
import { originOf } from '../audit/audit.routes';
import { toUserDto, type UsersService } from './users.service';

/** The users calls (packages/contracts routes/users.ts); POST /api/users/login lives with sign-in in modules/auth. */
export function usersRoutes(app: FastifyInstance, deps: { users: UsersService }) {
  const r = typedRoutes(app);
  const { users } = deps;
  serve(r, usersApi.list, async (req) => users.list(req.user));
  serve(r, usersApi.create, async (req, reply) =>
    reply.code(201).send(await users.create(req.user, req.body, originOf(req))),
  );
  serve(r, usersApi.get, async (req) => users.get(req.user, req.params.id));
  serve(r, usersApi.update, async (req) => {
    const { _id, date: _date, azure_id: _azureId, preferences: _preferences, ...change } = req.body;
    if (_id !== undefined && _id !== req.params.id) {
      throw validation({ _id: 'This is another user than the one in the address' });
    }
    return users.update(req.user, req.params.id, change, originOf(req));
  });
  serve(r, usersApi.remove, async (req, reply) => {
    await users.remove(req.user, req.params.id, originOf(req));
    return reply.code(204).send();
  });
  serve(r, usersApi.resetPassword, async (req) => {
    const row = await users.resetPassword(req.user, req.params.id, req.body, originOf(req));
    return { ok: true, user: toUserDto(row) };
  });
  for (const [def, key] of [
    [usersApi.darkMode, 'darkMode'],
    [usersApi.wideScreen, 'wideScreen'],
    [usersApi.discreteMode, 'discreteMode'],
  ] as const) {
    serve(r, def, async (req) => users.setPreference(req.user, req.params.id, key, req.params.value === 'true'));
  }
  // The sales list's grouping, sort and page size, kept so a reload or another browser shows the list the same way.
  serve(r, usersApi.salesListPreferences, async (req) =>
    users.setSalesListPreferences(req.user, req.params.id, req.body),
  );
}
