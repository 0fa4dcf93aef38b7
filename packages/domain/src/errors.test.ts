import { describe, expect, it } from 'vitest';
import { DomainError, isDomainError } from './errors';

describe('DomainError', () => {
  it('carries a code and a message and is an Error', () => {
    const e = new DomainError('INVALID_INDEX', 'bad');
    expect(e).toBeInstanceOf(Error);
    expect(e.code).toBe('INVALID_INDEX');
    expect(e.message).toBe('bad');
    expect(e.name).toBe('DomainError');
  });
  it('isDomainError checks the class and optionally the code', () => {
    const e = new DomainError('INVALID_NUMBER', 'x');
    expect(isDomainError(e)).toBe(true);
    expect(isDomainError(e, 'INVALID_NUMBER')).toBe(true);
    expect(isDomainError(e, 'INVALID_INDEX')).toBe(false);
    expect(isDomainError(new Error('x'))).toBe(false);
    expect(isDomainError({ code: 'INVALID_NUMBER' })).toBe(false);
  });
});
