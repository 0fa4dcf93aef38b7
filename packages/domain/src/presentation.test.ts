import { describe, expect, it } from 'vitest';
import {
  isOptionalSection,
  isPresentationContradiction,
  presentationOfRequest,
  SECTION_PRESENTATIONS,
  showDetailsOf,
} from './presentation';

describe('section presentation', () => {
  it('show_details is false exactly for total', () => {
    expect(SECTION_PRESENTATIONS.map((p) => [p, showDetailsOf(p)])).toEqual([
      ['details', true],
      ['quantities', true],
      ['total', false],
      ['optional', true],
    ]);
  });

  it('reads requests of new and old clients', () => {
    expect(presentationOfRequest({})).toBeUndefined();
    expect(presentationOfRequest({ presentation: 'optional' }, 'details')).toBe('optional');
    expect(presentationOfRequest({ show_details: false }, 'quantities')).toBe('total');
    expect(presentationOfRequest({ show_details: true }, 'total')).toBe('details');
    expect(presentationOfRequest({ show_details: true }, 'optional')).toBe('optional');
    expect(presentationOfRequest({ show_details: true })).toBe('details');
    expect(presentationOfRequest({ show_details: false })).toBe('total');
  });

  it('tells contradictions', () => {
    expect(isPresentationContradiction({ presentation: 'details', show_details: false })).toBe(true);
    expect(isPresentationContradiction({ presentation: 'total', show_details: true })).toBe(true);
    expect(isPresentationContradiction({ presentation: 'total', show_details: false })).toBe(false);
    expect(isPresentationContradiction({ presentation: 'optional' })).toBe(false);
  });

  it('only optional sections are optional', () => {
    expect(isOptionalSection({ presentation: 'optional' })).toBe(true);
    expect(isOptionalSection({ presentation: 'total' })).toBe(false);
    expect(isOptionalSection({})).toBe(false);
  });
});
