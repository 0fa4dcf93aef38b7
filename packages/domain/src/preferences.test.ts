import { describe, expect, it } from 'vitest';
import { defaultPreferences } from './preferences';

describe('defaultPreferences (SPEC §3)', () => {
  it('dark mode on, widescreen off, discrete off', () => {
    expect(defaultPreferences()).toEqual({ darkMode: true, wideScreen: false, discreteMode: false });
  });
  it('returns a fresh object', () => {
    const a = defaultPreferences();
    a.darkMode = false;
    expect(defaultPreferences().darkMode).toBe(true);
  });
});
