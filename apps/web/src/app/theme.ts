import { createTheme, type Theme } from '@mui/material';

/**
 * What a person who asked their system for reduced motion gets (prefers-reduced-motion: reduce): no transition
 * (dialogs, menus, drawers and collapses appear and go at once) and no ripple on buttons. Progress indicators still
 * turn: they say something is happening.
 */
const REDUCED_MOTION = {
  transitions: {
    create: () => 'none',
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
} as const;

export function createAppTheme(mode: 'light' | 'dark', opts: { reducedMotion?: boolean } = {}): Theme {
  return createTheme({
    ...(opts.reducedMotion ? REDUCED_MOTION : {}),
    palette: {
      mode,
      // Text on a filled colour (buttons, chips, avatars) is white only where white reaches 4.5:1 (WCAG AA), else
      // near-black: MUI's default of 3 lets white sit on orange and light blue.
      contrastThreshold: 4.5,
      primary: { main: mode === 'dark' ? '#64b5f6' : '#1565c0' },
      secondary: { main: mode === 'dark' ? '#ffb74d' : '#ef6c00' },
      // Status colours are also used as text (negative amounts, field errors, sync states), also on a selected
      // row: red and orange reach 4.5:1 there on both themes (MUI's defaults fall short).
      error: { main: mode === 'dark' ? '#ff9b93' : '#c62828' },
      ...(mode === 'light' ? { warning: { main: '#b45309' } } : {}),
      // A hovered filled button takes the colour's dark variant: on the dark theme it is only a little darker, so
      // the near-black text on it keeps 4.5:1.
      tonalOffset: mode === 'dark' ? { light: 0.2, dark: 0.1 } : 0.2,
      background: mode === 'dark' ? { default: '#121417', paper: '#1b1e23' } : { default: '#f4f6f8', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiAppBar: { defaultProps: { elevation: 1 } },
      MuiButton: { defaultProps: { disableElevation: true } },
      ...(opts.reducedMotion ? { MuiButtonBase: { defaultProps: { disableRipple: true } } } : {}),
    },
  });
}
