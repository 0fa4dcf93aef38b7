// The user management table's inline form (docs/product/screens.md#user-management): a row's values as typed, and the
// checks made before anything is sent.
import { defaultModules, defaultPreferences } from '@quotewright/domain';
import type { FieldErrors } from '../../../lib/api';
import type { User } from '../../../lib/types';

export type UserRow = User & { password?: string };

/** The fields edited in the row: their errors show under them (any other goes to the 'Error' dialog). */
export const INLINE_FIELDS = ['name', 'email', 'password', 'isAdmin'] as const;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function blankUser(): UserRow {
  return {
    _id: '',
    name: '',
    email: '',
    password: '',
    isAdmin: false,
    date: '',
    azure_id: null,
    modules: defaultModules(),
    preferences: defaultPreferences(),
  };
}

export interface RowValues {
  name: string;
  email: string;
  password: string;
  isAdmin: boolean;
}

export function readValues(values: Record<string, unknown>): RowValues {
  return {
    name: String(values.name ?? '').trim(),
    email: String(values.email ?? '').trim(),
    password: String(values.password ?? ''),
    isAdmin: values.isAdmin === true,
  };
}

export function validate(v: RowValues, creating: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.name) errors.name = 'Name is required';
  if (!v.email) errors.email = 'Email is required';
  else if (!EMAIL_RE.test(v.email)) errors.email = 'Enter a valid email address';
  if (creating && !v.password) errors.password = 'Password is required';
  return errors;
}
