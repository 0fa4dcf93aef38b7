// The admin audit log (issue #25, docs/decisions/0033-audit-log.md): who did which admin action, to what, when and from
// which address, with the changed fields before and after. Append-only; read by admins at GET /api/admin/audit.
import { z } from 'zod';

/** The admin actions the log records (a fixed set: the filter of the screen offers these). */
export const AUDIT_ACTIONS = [
  'user.created',
  'user.updated',
  'user.deleted',
  'user.rights_changed',
  'user.password_reset',
  'user.sso_link_changed',
  'settings.changed',
  'approval_rules.changed',
  'erp_fetch.started',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the screen names each action. */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  'user.created': 'User created',
  'user.updated': 'User details changed',
  'user.deleted': 'User deleted',
  'user.rights_changed': 'Rights changed',
  'user.password_reset': 'Password reset',
  'user.sso_link_changed': 'SSO link changed',
  'settings.changed': 'Settings changed',
  'approval_rules.changed': 'Approval rules changed',
  'erp_fetch.started': 'ERP data fetch started',
};

/** What an action was done to. */
export const AUDIT_TARGET_TYPES = ['user', 'settings', 'erp_fetch'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** The value written instead of a secret (a password, a token, an API key): the log says it changed, never what to. */
export const AUDIT_SECRET_VALUE = 'changed';

/** The changed fields only, by name (a user's module access is one field per module: {enabled, level}). */
const fieldsSchema = z.record(z.string(), z.unknown());

export const auditEntrySchema = z.object({
  _id: z.string(),
  /** When (an instant, ISO 8601). */
  at: z.string(),
  /** Who did it: the name as it was then (kept when the user is deleted later). */
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  /** To what: its type, id and a readable label (a user's e-mail, a settings' name). */
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string().nullable(), label: z.string() }),
  /** The changed fields before (null: nothing before, e.g. a creation) and after (null: nothing after, a deletion). */
  before: fieldsSchema.nullable(),
  after: fieldsSchema.nullable(),
  /** The client's address as the server saw it (behind a trusted proxy: the forwarded one). */
  address: z.string().nullable(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;

/** A query value given once or repeated (`?action=a&action=b`): always a list. */
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item).max(AUDIT_ACTIONS.length)]).transform((v) => (Array.isArray(v) ? v : [v]));

const instant = z.iso.datetime({ offset: true, error: 'Expected a date and time (ISO 8601)' });

/**
 * GET /api/admin/audit: newest first. Filters: action (one or several), actor (a user id), target (text in the
 * target's label), from (inclusive) and to (exclusive) instants. Paging: `cursor` (the `next_cursor` of the page
 * before: entries older than it) or `page`/`pageSize`.
 */
export const auditQuerySchema = z.strictObject({
  action: oneOrMany(z.enum(AUDIT_ACTIONS, { error: 'Unknown action' })).optional(),
  actor: z.uuid('Unknown user id').optional(),
  target: z.string().trim().max(200).optional(),
  from: instant.optional(),
  to: instant.optional(),
  cursor: z
    .string()
    .max(200)
    .regex(/^[\w:.+-]+_[0-9a-f-]{36}$/i, 'Unknown cursor')
    .optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** How many entries match the filters. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The cursor of the next (older) page; null on the last one. */
  next_cursor: z.string().nullable(),
});
export type AuditPageDto = z.infer<typeof auditPageSchema>;

/** GET /api/admin/audit/actors: everyone the log names as an actor, with their current name (or the last logged one). */
export const auditActorSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The user no longer exists (the name is the one the log kept). */
  deleted: z.boolean(),
});
export type AuditActorDto = z.infer<typeof auditActorSchema>;
