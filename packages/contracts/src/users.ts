import { ACCESS_LEVELS, SALES_LIST_GROUPS, SALES_LIST_SORTS, SALES_PAGE_SIZE_OPTIONS } from '@quotewright/domain';
import { z } from 'zod';

export const accessLevelSchema = z.enum(ACCESS_LEVELS);
export const moduleAccessSchema = z.strictObject({ enabled: z.boolean(), level: accessLevelSchema });
export const modulesSchema = z.strictObject({
  sales: moduleAccessSchema,
  accounting: moduleAccessSchema,
  inventory: moduleAccessSchema,
});
/** Module changes may name only some modules and only some fields of each. */
export const modulesPatchSchema = z.strictObject({
  sales: moduleAccessSchema.partial().optional(),
  accounting: moduleAccessSchema.partial().optional(),
  inventory: moduleAccessSchema.partial().optional(),
});
/** PUT /api/users/:id/preferences/sales-list: the sales list's grouping, sort and page size, all four sent. */
export const salesListPreferencesSchema = z.strictObject({
  groupBy: z.enum(SALES_LIST_GROUPS, { error: 'Group by status, client or salesperson' }).nullable(),
  sort: z.enum(SALES_LIST_SORTS, { error: 'Unknown sort column' }).nullable(),
  direction: z.enum(['asc', 'desc'], { error: 'Expected asc or desc' }),
  pageSize: z
    .number({ error: 'Choose a page size' })
    .refine((n) => SALES_PAGE_SIZE_OPTIONS.includes(n), `Choose a page size of ${SALES_PAGE_SIZE_OPTIONS.join(', ')}`),
});
export type SalesListPreferencesBody = z.infer<typeof salesListPreferencesSchema>;

export const preferencesSchema = z.object({
  darkMode: z.boolean(),
  wideScreen: z.boolean(),
  discreteMode: z.boolean(),
  salesList: salesListPreferencesSchema.optional(),
});

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  date: z.string(),
  azure_id: z.string().nullable(),
  modules: modulesSchema,
  preferences: preferencesSchema,
});
export type User = z.infer<typeof userSchema>;

const name = z.string().trim().min(1, 'Name is required').max(200, 'Name is too long');
const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(320, 'Email is too long')
  .pipe(z.email('Email is invalid'));
const password = z.string().min(8, 'Password must be at least 8 characters').max(1024, 'Password is too long');

export const loginRequestSchema = z.strictObject({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(320, 'Email is too long'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
});
export const tokenResponseSchema = z.object({ token: z.string() });

export const createUserSchema = z.strictObject({
  name,
  email,
  password,
  isAdmin: z.boolean().optional(),
  modules: modulesPatchSchema.optional(),
});
export type CreateUser = z.infer<typeof createUserSchema>;

export const updateUserSchema = z.strictObject({
  name: name.optional(),
  email: email.optional(),
  password: password.optional(),
  isAdmin: z.boolean().optional(),
  modules: modulesPatchSchema.optional(),
});
export type UpdateUser = z.infer<typeof updateUserSchema>;

/** The form body of a password change; rules are checked by the domain (8+ characters, both equal). */
export const resetPasswordSchema = z.strictObject({
  password: z.string({ error: 'Password is required' }).max(1024, 'Password is too long'),
  password2: z.string({ error: 'Please confirm the password' }).max(1024, 'Password is too long'),
});

export const exchangeCodeSchema = z.strictObject({ code: z.string().min(1).max(200) });

export const publicConfigSchema = z.object({ ssoProvider: z.string().nullable(), erpName: z.string() });
