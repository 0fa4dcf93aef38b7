import type { Modules, Preferences } from '@quotewright/domain';

/** A user as the API returns it (GET /api/users/{id}). */
export interface User {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  /** ISO date of creation. */
  date: string;
  azure_id: string | null;
  modules: Modules;
  preferences: Preferences;
}

export interface PublicConfig {
  ssoProvider: string | null;
  erpName: string;
}

export type PreferenceKey = keyof Preferences;
