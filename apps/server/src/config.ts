import { isIP } from 'node:net';
import { z } from 'zod';

/** Durations: plain seconds ("3600") or with a unit ("15m", "12h", "7d"), between min and max seconds. */
const duration = (min: number, max: number, range: string) =>
  z
    .string()
    .regex(/^\d+\s*[smhd]?$/, 'expected seconds or a duration like 15m, 12h, 7d')
    .transform((v) => {
      const m = v.match(/^(\d+)\s*([smhd]?)$/)!;
      return Number(m[1]) * { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
    })
    .refine((s) => s >= min && s <= max, `must be between ${range}`);

/** One entry of an address list: an address alone, or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
export interface AddressRange {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** `127.0.0.1, 10.0.0.0/8, ::1` → its ranges (an address alone is a full-length prefix); null when one is invalid. */
export function parseAddressList(text: string): AddressRange[] | null {
  const out: AddressRange[] = [];
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address = '', prefixText, extra] = entry.split('/');
    const version = isIP(address);
    if (!version || extra !== undefined) return null;
    const max = version === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
    if (!(prefix >= 0 && prefix <= max)) return null;
    out.push({ address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' });
  }
  return out.length ? out : null;
}

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const schema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0–65535')
    .max(65535, 'must be 0–65535')
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  /** Redis for the realtime adapter: Socket.IO rooms span every process sharing it (several processes). */
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  /** Prefix of the Redis channels the processes talk on: each installation sharing one Redis needs its own. */
  REDIS_PREFIX: z
    .string()
    .default('quotewright')
    .pipe(
      z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be 1–64 letters, digits, dots, dashes, colons or underscores'),
    ),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email('must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  TOKEN_TTL: z
    .string()
    .default('12h')
    .pipe(duration(60, 30 * 86400, '1 minute and 30 days')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
  /**
   * Sign-in throttling (docs/decisions/0008): failures per window from one address for one e-mail; from one address
   * for e-mails it never signed in with; and, for one e-mail from anywhere, the count after which a doubling
   * back-off starts (a known-good address with the right password still passes).
   */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .default(50),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .default(10),
  LOGIN_EMAIL_BACKOFF_AFTER: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .default(30),
  LOGIN_WINDOW: z
    .string()
    .default('15m')
    .pipe(duration(1, 86400, '1 second and 1 day')),
  /** The ERP. Unset ODOO_URL = the built-in Odoo simulator with a demo company, started in-process. */
  ODOO_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  /** The ERP's address as people's browsers reach it ('Open in {ERP}'), when it differs from ODOO_URL. */
  ODOO_PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  ODOO_DB: optionalString,
  ODOO_LOGIN: optionalString,
  ODOO_API_KEY: optionalString,
  ODOO_PROTOCOL: z.enum(['auto', 'jsonrpc', 'json2'], { error: 'must be auto, jsonrpc or json2' }).default('auto'),
  ODOO_TIMEOUT: z
    .string()
    .default('130')
    .pipe(duration(1, 3600, '1 second and 1 hour')),
  /** A product field holding the manufacturer (e.g. product_brand_id); auto-detected when unset. */
  ODOO_MANUFACTURER_FIELD: optionalString,
  /** A product field holding the manufacturer's part number (e.g. manufacturer_pref); auto-detected when unset. */
  ODOO_PART_NUMBER_FIELD: optionalString,
  /**
   * GET /metrics (Prometheus): answered only to `Authorization: Bearer <METRICS_TOKEN>` or to a direct connection from
   * an address of METRICS_ALLOW (IPs and CIDRs, comma-separated); 404 to anyone else, and to everyone when neither is set.
   */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  METRICS_ALLOW: optionalString.pipe(
    z
      .string()
      .transform((v, ctx) => {
        const ranges = parseAddressList(v);
        if (!ranges) ctx.addIssue({ code: 'custom', message: 'must be IP addresses or CIDR ranges, comma-separated' });
        return ranges ?? [];
      })
      .optional(),
  ),
  TRUST_PROXY: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * SIGTERM (rolling restarts, shutdown.ts): how long the process serves on after /api/ready turned 503, so the load
   * balancer stops sending it requests (two of its check intervals); and the longest a drain may take.
   */
  DRAIN_DELAY: z
    .string()
    .default('5s')
    .pipe(duration(0, 300, '0 seconds and 5 minutes')),
  SHUTDOWN_TIMEOUT: z
    .string()
    .default('30s')
    .pipe(duration(1, 600, '1 second and 10 minutes')),
  /**
   * A publish/sync or ERP fetch whose process stopped (a crash, SIGKILL) is taken over by another process once its
   * heartbeat, written every quarter of this while it runs, is this old (decisions 0025, 0038).
   */
  RUN_STALE_AFTER: z
    .string()
    .default('2m')
    .pipe(duration(20, 86400, '20 seconds and 1 day')),
  /** Single sign-on (OIDC): on only when SSO_PROVIDER, OIDC_* and PUBLIC_URL are all set (docs/decisions/0006-sso.md). */
  SSO_PROVIDER: optionalString,
  OIDC_ISSUER: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .refine(
        (v) => v.startsWith('https:') || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(v),
        'must be an https URL (http only on localhost)',
      )
      .optional(),
  ),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  /** The app's external base URL; the SSO redirect URI is `${PUBLIC_URL}/auth/azure/callback`. */
  PUBLIC_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  /** Azure: only ID tokens whose `tid` claim is this tenant are accepted. */
  OIDC_ALLOWED_TENANT: optionalString,
  /** Create unknown SSO users (default modules, not admin) instead of refusing them. */
  SSO_AUTO_CREATE: z
    .enum(['true', 'false', ''], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {}

/** Reads and validates the environment once at boot; the first bad variable is named in one line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  if (parsed.data.ODOO_URL) {
    for (const name of ['ODOO_DB', 'ODOO_LOGIN', 'ODOO_API_KEY'] as const) {
      if (!parsed.data[name]) throw new ConfigError(`Invalid configuration: ${name} is required when ODOO_URL is set`);
    }
  }
  const sso = ['SSO_PROVIDER', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'PUBLIC_URL'] as const;
  if (sso.some((name) => name !== 'PUBLIC_URL' && parsed.data[name]) || parsed.data.OIDC_ALLOWED_TENANT) {
    const missing = sso.find((name) => !parsed.data[name]);
    if (missing) {
      throw new ConfigError(`Invalid configuration: ${missing} is required for single sign-on (set ${sso.join(', ')})`);
    }
  }
  if (parsed.data.ADMIN_PASSWORD && !parsed.data.ADMIN_EMAIL) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL is required when ADMIN_PASSWORD is set');
  }
  return parsed.data;
}

/** A config for tests and tools: defaults plus overrides, validated the same way. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', ...overrides } as NodeJS.ProcessEnv);
}
