import type { TogglePreference } from '@quotewright/domain';

/** A user as the API returns it (GET /api/users/{id}). */
export type { User } from '@quotewright/contracts';

/** The on/off display preferences (the sales list's settings are saved through their own call). */
export type PreferenceKey = TogglePreference;
