// Small validation rules shared by the server and the web app.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';
export const PASSWORDS_MUST_MATCH = 'Passwords must match';

export interface PasswordErrors {
  password?: string;
  password2?: string;
}

/**
 * Password change (docs/product/screens.md#profile): `password` must have at least 8 characters (Unicode code points,
 * not trimmed) and `password2` must equal it. Returns the field messages; an empty object when valid. Both can be
 * reported at once.
 */
export function validatePasswordChange(input: { password?: string | null; password2?: string | null }): PasswordErrors {
  const password = input.password ?? '';
  const password2 = input.password2 ?? '';
  const errors: PasswordErrors = {};
  if ([...password].length < PASSWORD_MIN_LENGTH) errors.password = PASSWORD_TOO_SHORT;
  if (password !== password2) errors.password2 = PASSWORDS_MUST_MATCH;
  return errors;
}

export function isPasswordChangeValid(input: { password?: string | null; password2?: string | null }): boolean {
  return Object.keys(validatePasswordChange(input)).length === 0;
}

const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]_]+\.[^\s@"<>(),;:\\[\]_.]{2,}$/;

/**
 * A pragmatic address check: one '@', a non-empty local part, a dotted domain whose last label has 2+ characters,
 * no spaces or characters that need quoting, at most 254 characters, no empty domain labels.
 */
export function isValidEmail(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 254) return false;
  if (!EMAIL.test(value)) return false;
  const domain = value.slice(value.indexOf('@') + 1);
  const local = value.slice(0, value.indexOf('@'));
  if (local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return domain.split('.').every((label) => label.length > 0 && !label.startsWith('-') && !label.endsWith('-'));
}

/**
 * A new quote needs a name or a customer: one with neither would be listed as a blank row nobody can tell apart.
 * The customer, once chosen, names the quote in the list.
 */
export const NAME_OR_CUSTOMER_REQUIRED = 'Give the quote a name or choose a customer before saving it';

export function hasNameOrCustomer(header: { name?: string | null; customer?: object | null }): boolean {
  return (header.name ?? '').trim() !== '' || (header.customer !== null && header.customer !== undefined);
}
