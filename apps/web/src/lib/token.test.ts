import { describe, expect, it } from 'vitest';
import { makeToken } from '../test/fixtures';
import { decodeToken, isExpired, msUntilExpiry } from './token';

describe('token', () => {
  it('decodes sub, name and exp from a JWT payload (base64url, unicode)', () => {
    const token = makeToken({ sub: 'abc', name: 'Zoë Ünal', exp: 2_000_000_000, tv: 3 });
    expect(decodeToken(token)).toEqual({ sub: 'abc', name: 'Zoë Ünal', exp: 2_000_000_000, tv: 3 });
  });

  it('rejects malformed tokens', () => {
    expect(decodeToken(null)).toBeNull();
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken('a.b.c')).toBeNull();
    expect(decodeToken(makeToken({ sub: '' }))).toBeNull();
  });

  it('compares exp (seconds) with the current time in seconds', () => {
    const claims = { sub: 'x', exp: 1000 };
    expect(isExpired(claims, 999_000)).toBe(false);
    expect(isExpired(claims, 1_000_000)).toBe(true);
    expect(isExpired(claims, 1_000_001)).toBe(true);
    expect(isExpired({ sub: 'x' }, Date.now())).toBe(false);
    expect(isExpired(null)).toBe(true);
    expect(msUntilExpiry(claims, 998_500)).toBe(1500);
    expect(msUntilExpiry(claims, 2_000_000)).toBe(0);
  });
});
