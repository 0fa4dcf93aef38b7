// Signing in (docs/product/api.md#public, decisions 0002, 0006 and 0018): what the login screen needs, the sign-in by
// e-mail and password, and the single sign-on code traded for a session. The SSO redirections (/auth/azure…) are not
// under /api: modules/auth/sso.routes.ts.
import { route } from '../http';
import { exchangeCodeSchema, loginRequestSchema, publicConfigSchema, tokenResponseSchema } from '../users';

const tag = 'Sign-in';

export const authApi = {
  config: route({
    method: 'GET',
    path: '/api/config',
    summary: "What the login screen needs: the single sign-on provider (null: none) and the ERP's name",
    tag,
    public: true,
    answers: { 200: publicConfigSchema },
  }),
  login: route({
    method: 'POST',
    path: '/api/users/login',
    summary: 'Sign in with e-mail and password (sets the device cookie qw_device); 401 LOGIN_FAILED, 429 RATE_LIMITED',
    tag,
    public: true,
    body: loginRequestSchema,
    answers: { 200: tokenResponseSchema },
  }),
  exchange: route({
    method: 'POST',
    path: '/api/auth/exchange',
    summary: 'Trade the one-time single sign-on code for a session',
    tag,
    public: true,
    body: exchangeCodeSchema,
    answers: { 200: tokenResponseSchema },
  }),
};
