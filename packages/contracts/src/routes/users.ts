// The users API (docs/product/api.md#users): the admin's user management, and each user's own password and preferences.
import { z } from 'zod';
import { route } from '../http';
import {
  createUserSchema,
  resetPasswordSchema,
  salesListPreferencesSchema,
  updateUserSchema,
  userSchema,
} from '../users';

const tag = 'Users';
const idParams = z.strictObject({ id: z.uuid('Unknown user id') });
const preferenceParams = z.strictObject({
  id: z.uuid('Unknown user id'),
  value: z.enum(['true', 'false'], { error: 'Expected true or false' }),
});
/**
 * A change takes the user object exactly as GET answers it: the fields the API answers but this route does not
 * change (id, creation date, SSO link, preferences with their own routes) are ignored, so a client can read a user,
 * change its modules and send it back. Truly unknown fields are still refused; an id naming another user too.
 */
export const userChangeSchema = updateUserSchema.extend({
  _id: z.string().optional(),
  date: z.unknown().optional(),
  azure_id: z.unknown().optional(),
  preferences: z.unknown().optional(),
});

/** The preferences switched on or off one by one, by their path segment. */
const preference = (segment: 'darkmode' | 'widescreen' | 'discrete', what: string) =>
  route({
    method: 'POST',
    path: `/api/users/${segment}/:id/:value`,
    summary: `Turn ${what} on or off for the user`,
    tag,
    params: preferenceParams,
    noBody: true,
    answers: { 200: userSchema },
  });

export const usersApi = {
  list: route({ method: 'GET', path: '/api/users', summary: 'Every user', tag, answers: { 200: z.array(userSchema) } }),
  create: route({
    method: 'POST',
    path: '/api/users',
    summary: 'Create a user',
    tag,
    body: createUserSchema,
    answers: { 201: userSchema },
  }),
  get: route({
    method: 'GET',
    path: '/api/users/:id',
    summary: 'A user',
    tag,
    params: idParams,
    answers: { 200: userSchema },
  }),
  update: route({
    method: 'POST',
    path: '/api/users/:id',
    summary: "Change a user's name, e-mail, admin right or modules",
    tag,
    params: idParams,
    body: userChangeSchema,
    answers: { 200: userSchema },
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/users/:id',
    summary: 'Delete a user',
    tag,
    params: idParams,
    answers: { 204: null },
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/users/resetpassword/:id',
    summary: "Set a user's password (one's own, or any as an admin)",
    tag,
    params: idParams,
    body: resetPasswordSchema,
    answers: { 200: z.object({ ok: z.literal(true), user: userSchema }) },
  }),
  darkMode: preference('darkmode', 'dark mode'),
  wideScreen: preference('widescreen', 'widescreen mode'),
  discreteMode: preference('discrete', 'discrete mode'),
  salesListPreferences: route({
    method: 'PUT',
    path: '/api/users/:id/preferences/sales-list',
    summary: "Keep the sales list's grouping, sort and page size for the user",
    tag,
    params: idParams,
    body: salesListPreferencesSchema,
    answers: { 200: userSchema },
  }),
};
