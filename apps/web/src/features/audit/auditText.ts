// How the audit log reads (docs/decisions/0033-audit-log.md): the changed fields of an entry as short sentences —
// "Sales: viewer → editor", "Admin: no → yes", "Password: reset".
import { AUDIT_SECRET_VALUE, type AuditEntryDto, type AuditTargetType } from '@quotewright/contracts';
import { APPROVAL_RULE_KEYS, APPROVAL_RULE_LABELS, MODULES } from '@quotewright/domain';

export const AUDIT_TARGET_LABELS: Readonly<Record<AuditTargetType, string>> = {
  user: 'User',
  settings: 'Settings',
  erp_fetch: 'ERP data fetch',
};

const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  email: 'Email',
  isAdmin: 'Admin',
  sales: 'Sales',
  accounting: 'Accounting',
  inventory: 'Inventory',
  password: 'Password',
  sso: 'SSO',
  quote_validity_days: 'Quote validity (days)',
  kind: 'Fetch',
  ...APPROVAL_RULE_LABELS,
};

/** The order fields are told in (the database keeps JSON keys in its own order). */
const FIELD_ORDER: readonly string[] = [
  'name',
  'email',
  'isAdmin',
  ...MODULES,
  'password',
  'sso',
  'quote_validity_days',
  ...APPROVAL_RULE_KEYS,
  'kind',
];
const rank = (key: string) => {
  const i = FIELD_ORDER.indexOf(key);
  return i < 0 ? FIELD_ORDER.length : i;
};

const LEVELS: Readonly<Record<string, string>> = { viewer: 'viewer', editor: 'editor', full_rights: 'full rights' };
const APPROVERS: Readonly<Record<string, string>> = { sales_full: 'full rights on sales', admin: 'an admin' };

const isModule = (key: string) => (MODULES as readonly string[]).includes(key);
const isRule = (key: string) => (APPROVAL_RULE_KEYS as readonly string[]).includes(key);
const labelOf = (key: string) => FIELD_LABELS[key] ?? key.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

/** A value as a person reads it: yes/no, a module's access ("off", "editor"), "—" for nothing. */
export function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (isModule(key) && typeof value === 'object') {
    const access = value as { enabled?: boolean; level?: string };
    return access.enabled ? (LEVELS[access.level ?? ''] ?? String(access.level)) : 'off';
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

type Rule = { enabled?: boolean; threshold?: number; approver?: string };
/** What changed in an approval rule: "off → on, threshold 18 → 20". */
function ruleChange(before: Rule | undefined, after: Rule | undefined): string {
  const parts: string[] = [];
  const b = before ?? {};
  const a = after ?? {};
  if (b.enabled !== a.enabled) parts.push(`${b.enabled ? 'on' : 'off'} → ${a.enabled ? 'on' : 'off'}`);
  if (b.threshold !== a.threshold) parts.push(`threshold ${b.threshold ?? '—'} → ${a.threshold ?? '—'}`);
  if (b.approver !== a.approver)
    parts.push(`approver ${APPROVERS[b.approver ?? ''] ?? '—'} → ${APPROVERS[a.approver ?? ''] ?? '—'}`);
  return parts.join(', ');
}

/**
 * The entry's changes, one sentence per field: "Label: before → after" when both sides are known, else the one side
 * ("Email: ada@example.test" for a user created). A secret only ever says it changed: "Password: reset".
 */
export function describeChanges(entry: Pick<AuditEntryDto, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((x, y) => rank(x) - rank(y));
  return keys.map((key) => {
    const label = labelOf(key);
    const b = before[key];
    const a = after[key];
    if (a === AUDIT_SECRET_VALUE || b === AUDIT_SECRET_VALUE)
      return `${label}: ${key === 'password' ? 'reset' : 'changed'}`;
    if (isRule(key) && entry.before && entry.after) return `${label}: ${ruleChange(b as Rule, a as Rule)}`;
    if (!entry.before) return `${label}: ${valueText(key, a)}`;
    if (!entry.after) return `${label}: ${valueText(key, b)}`;
    return `${label}: ${valueText(key, b)} → ${valueText(key, a)}`;
  });
}
