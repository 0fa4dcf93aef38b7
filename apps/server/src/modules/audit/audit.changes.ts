// What an audit entry keeps of a change: the changed fields only, before and after, and never a secret's value.
import { AUDIT_SECRET_VALUE } from '@quotewright/contracts';
import { MODULES, type Modules } from '@quotewright/domain';

export type AuditFields = Record<string, unknown>;

/** Field names whose values are secrets (a password, its hash, a token, an API key…): "changed" is written instead. */
const SECRET = /pass(word|wd)?|hash|token|secret|api[_-]?key|private[_-]?key|credential/i;

/** The fields with every secret's value replaced by "changed" (at any depth). */
export function maskSecrets(fields: AuditFields): AuditFields {
  const out: AuditFields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (SECRET.test(key)) out[key] = AUDIT_SECRET_VALUE;
    else if (value && typeof value === 'object' && !Array.isArray(value)) out[key] = maskSecrets(value as AuditFields);
    else out[key] = value;
  }
  return out;
}

/** Key order does not make two values differ. */
function canonical(value: unknown): string {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as AuditFields).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The fields (of `keys`, else of either side) whose values differ, each side with those fields only; null when
 * nothing changed.
 */
export function changedFields(
  before: AuditFields,
  after: AuditFields,
  keys: readonly string[] = [...new Set([...Object.keys(before), ...Object.keys(after)])],
): { before: AuditFields; after: AuditFields } | null {
  const b: AuditFields = {};
  const a: AuditFields = {};
  for (const k of keys) {
    if (canonical(before[k]) === canonical(after[k])) continue;
    if (k in before) b[k] = before[k];
    if (k in after) a[k] = after[k];
  }
  return Object.keys(a).length || Object.keys(b).length ? { before: b, after: a } : null;
}

/** A user's name and e-mail (the "details" of an account). */
export const USER_DETAIL_FIELDS = ['name', 'email'] as const;
/** A user's rights: the admin flag and one field per module ({enabled, level}). */
export const USER_RIGHT_FIELDS = ['isAdmin', ...MODULES] as const;

/** A user as the log describes it: details and rights (never the password or its hash). */
export function userFields(user: { name: string; email: string; isAdmin: boolean; modules: Modules }): AuditFields {
  const out: AuditFields = { name: user.name, email: user.email, isAdmin: user.isAdmin };
  for (const m of MODULES) out[m] = { enabled: user.modules[m].enabled, level: user.modules[m].level };
  return out;
}
