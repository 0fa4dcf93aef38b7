import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasNameOrCustomer,
  isPasswordChangeValid,
  isValidEmail,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  PASSWORDS_MUST_MATCH,
  validatePasswordChange,
} from './validation';

describe('validatePasswordChange', () => {
  it('uses the exact messages', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 8 characters');
    expect(PASSWORDS_MUST_MATCH).toBe('Passwords must match');
  });
  it('accepts 8+ characters typed twice', () => {
    expect(validatePasswordChange({ password: 'abcdefgh', password2: 'abcdefgh' })).toEqual({});
    expect(isPasswordChangeValid({ password: 'correct horse', password2: 'correct horse' })).toBe(true);
  });
  it('rejects 7 characters', () => {
    expect(validatePasswordChange({ password: 'abcdefg', password2: 'abcdefg' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
  });
  it('rejects a mismatch', () => {
    expect(validatePasswordChange({ password: 'abcdefgh', password2: 'abcdefgH' })).toEqual({
      password2: 'Passwords must match',
    });
  });
  it('reports both at once and treats missing as empty', () => {
    expect(validatePasswordChange({ password: 'short', password2: 'other' })).toEqual({
      password: PASSWORD_TOO_SHORT,
      password2: PASSWORDS_MUST_MATCH,
    });
    expect(validatePasswordChange({})).toEqual({ password: PASSWORD_TOO_SHORT });
    expect(validatePasswordChange({ password: null, password2: 'abcdefgh' })).toEqual({
      password: PASSWORD_TOO_SHORT,
      password2: PASSWORDS_MUST_MATCH,
    });
    expect(isPasswordChangeValid({ password: 'short', password2: 'short' })).toBe(false);
  });
  it('counts characters, not UTF-16 units, and does not trim', () => {
    expect(validatePasswordChange({ password: '😀😀😀😀', password2: '😀😀😀😀' })).toEqual({
      password: PASSWORD_TOO_SHORT,
    });
    expect(validatePasswordChange({ password: '        ', password2: '        ' })).toEqual({});
  });
  it('property: valid exactly when length ≥ 8 and equal', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), fc.boolean(), (a, b, same) => {
        const password2 = same ? a : b;
        const errors = validatePasswordChange({ password: a, password2 });
        expect('password' in errors).toBe([...a].length < 8);
        expect('password2' in errors).toBe(a !== password2);
      }),
    );
  });
});

describe('isValidEmail', () => {
  it.each(['a@b.co', 'jane.doe@example.com', 'first+tag@sub.example.org', "o'brien@example.ie", 'x_y@ex-ample.com'])(
    'accepts %s',
    (e) => {
      expect(isValidEmail(e)).toBe(true);
    },
  );
  it.each([
    '',
    'plain',
    '@example.com',
    'a@',
    'a@b',
    'a@b.c',
    'a b@example.com',
    'a@exa mple.com',
    'a@@example.com',
    'a@b@example.com',
    '.a@example.com',
    'a.@example.com',
    'a..b@example.com',
    'a@example..com',
    'a@-example.com',
    'a@example-.com',
    'a@.example.com',
    `${'x'.repeat(65)}@example.com`,
    `a@${'x'.repeat(250)}.com`,
  ])('rejects %j', (e) => {
    expect(isValidEmail(e)).toBe(false);
  });
  it('rejects non-strings', () => {
    expect(isValidEmail(null)).toBe(false);
    expect(isValidEmail(42)).toBe(false);
  });
});

describe('hasNameOrCustomer', () => {
  it('a name that is not blank, or a customer', () => {
    expect(hasNameOrCustomer({ name: 'Office' })).toBe(true);
    expect(hasNameOrCustomer({ customer: { id: 1, name: 'Acme' } })).toBe(true);
    expect(hasNameOrCustomer({ name: '  ', customer: { id: 1, name: 'Acme' } })).toBe(true);
    expect(hasNameOrCustomer({})).toBe(false);
    expect(hasNameOrCustomer({ name: '   ', customer: null })).toBe(false);
  });
});
