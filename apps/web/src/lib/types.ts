import type { Modules, Preferences, TogglePreference } from '@quotewright/domain';

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

/** The on/off display preferences (the sales list's settings are saved through their own call). */
export type PreferenceKey = TogglePreference;
