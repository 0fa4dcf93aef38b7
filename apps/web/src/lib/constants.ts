// Web-only constants. The business constants of docs/product/rules.md#constants (page sizes, widths, timeouts,
// avatar limits) come from @quotewright/domain and are re-exported here so screens have one import for them.
export {
  AVATAR_MAX,
  AVATAR_MIN_EDITORS,
  DRAWER_WIDTH,
  PROFILE_MENU_WIDTH,
  REQUEST_TIMEOUT_MS,
  SNACKBAR_AUTOHIDE_MS,
  USERS_PAGE_SIZE,
  USERS_PAGE_SIZE_OPTIONS,
} from '@quotewright/domain';

export const PRODUCT_NAME = 'Quotewright';
/** How often a stored token's expiry is re-checked while the app is open (besides the exact expiry timer). */
export const TOKEN_CHECK_INTERVAL_MS = 30_000;
/** Single sign-on starts here, outside the API (docs/product/screens.md#login). */
export const SSO_PATH = '/auth/azure';
