import { createTheme, type Theme } from '@mui/material';

export function createAppTheme(mode: 'light' | 'dark'): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'dark' ? '#64b5f6' : '#1565c0' },
      secondary: { main: mode === 'dark' ? '#ffb74d' : '#ef6c00' },
      background: mode === 'dark' ? { default: '#121417', paper: '#1b1e23' } : { default: '#f4f6f8', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiAppBar: { defaultProps: { elevation: 1 } },
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}
