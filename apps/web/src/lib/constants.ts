// UI constants from SPEC §9. The shared copies are being added to @quotewright/domain; these local values are
// the same numbers and are the single place the web app reads them from, so switching is a one-file change.
export const PRODUCT_NAME = 'Quotewright';
export const SNACKBAR_AUTOHIDE_MS = 6000;
export const DRAWER_WIDTH = 240;
export const PROFILE_MENU_WIDTH = 300;
export const USERS_PAGE_SIZE = 20;
export const USERS_PAGE_SIZE_OPTIONS = [10, 20, 50];
/** Editors' avatars: shown from AVATAR_MIN editors, at most AVATAR_MAX displayed. */
export const AVATAR_MIN = 2;
export const AVATAR_MAX = 3;
export const REQUEST_TIMEOUT_MS = 600_000;
/** How often a stored token's expiry is re-checked while the app is open (besides the exact expiry timer). */
export const TOKEN_CHECK_INTERVAL_MS = 30_000;
export const SSO_PATH = '/auth/azure';
