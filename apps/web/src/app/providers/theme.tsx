import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { type ReactNode, useMemo } from 'react';
import { createAppTheme } from '../theme';
import { usePreferences } from './currentUser';

/**
 * Dark or light theme from the user's darkMode preference (docs/product/screens.md#shell); without transitions for
 * a system that asks for reduced motion.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { preferences } = usePreferences();
  const mode = preferences.darkMode ? 'dark' : 'light';
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(() => createAppTheme(mode, { reducedMotion }), [mode, reducedMotion]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <LocalizationProvider dateAdapter={AdapterDateFns}>
        <div data-theme-mode={mode} style={{ display: 'contents' }}>
          {children}
        </div>
      </LocalizationProvider>
    </ThemeProvider>
  );
}
