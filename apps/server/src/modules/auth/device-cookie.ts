import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The sign-in device cookie (docs/decisions/0018-login-device-proof.md): a random device id signed with a key
 * derived from the server secret, set at each successful password sign-in. It proves nothing by itself; a device id
 * the database knows for an e-mail gives that browser its own sign-in throttle bucket.
 */
export const DEVICE_COOKIE = 'qw_device';
/** The browser sends it with sign-in attempts only. */
export const DEVICE_COOKIE_PATH = '/api/users/login';
export const DEVICE_COOKIE_MAX_AGE = 180 * 86_400;

const ID_BYTES = 18;
const VALUE = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/;

export function deviceProof(secret: string) {
  const signKey = createHmac('sha256', secret).update('quotewright sign-in device cookie').digest();
  const fingerprintKey = createHmac('sha256', secret).update('quotewright known sign-in client').digest();
  const sign = (id: string) => createHmac('sha256', signKey).update(id).digest();

  return {
    newDevice: (): string => randomBytes(ID_BYTES).toString('base64url'),

    /** The cookie value for a device id. */
    seal: (id: string): string => `${id}.${sign(id).toString('base64url')}`,

    /** The device id of the first device cookie in a Cookie header that carries our signature, or null. */
    open(cookieHeader: string | undefined): string | null {
      if (!cookieHeader) return null;
      for (const part of cookieHeader.split(';')) {
        const eq = part.indexOf('=');
        if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
        const m = VALUE.exec(part.slice(eq + 1).trim());
        if (!m) continue;
        const given = Buffer.from(m[2]!, 'base64url');
        const expected = sign(m[1]!);
        if (given.length === expected.length && timingSafeEqual(given, expected)) return m[1]!;
      }
      return null;
    },

    /**
     * What the database keeps of a device id or an address: a keyed hash, so neither a usable cookie nor a list of
     * people's addresses can be read out of it.
     */
    fingerprint: (kind: 'device' | 'address', value: string): string =>
      createHmac('sha256', fingerprintKey).update(`${kind}\u0000${value}`).digest('base64url'),
  };
}
export type DeviceProof = ReturnType<typeof deviceProof>;

/** The Set-Cookie header value; Secure when the browser reached us over https. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${value}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
