// The theme: a system asking for reduced motion gets no transitions and no ripples (prefers-reduced-motion).
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('createAppTheme', () => {
  it('moves as usual by default', () => {
    const theme = createAppTheme('light');
    expect(theme.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });

  it('with reduced motion: no transition, every duration 0, no ripple; the palette is the same', () => {
    const theme = createAppTheme('dark', { reducedMotion: true });
    expect(theme.transitions.create('opacity')).toBe('none');
    expect(theme.transitions.create(['width', 'margin'], { duration: 300 })).toBe('none');
    expect(Object.values(theme.transitions.duration)).toEqual(Array(7).fill(0));
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(theme.palette.primary.main).toBe(createAppTheme('dark').palette.primary.main);
  });
});
