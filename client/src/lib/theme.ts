import { createTheme } from '@mui/material/styles';

/** System fonts only: no webfont download in the first load. */
const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"Liberation Sans"',
  'sans-serif',
].join(',');

/**
 * Industrial palette: safety amber on steel. Every text/background pair used
 * meets WCAG AA (≥ 4.5:1): #14181d on #f5b301 ≈ 10:1, white on #1b2631 ≈ 15:1,
 * #4a5562 on white ≈ 7.4:1, #0b5cad on white ≈ 6.6:1.
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#f5b301', dark: '#d49a00', light: '#ffd154', contrastText: '#14181d' },
    secondary: { main: '#1b2631', dark: '#10171e', light: '#2f3e4d', contrastText: '#ffffff' },
    info: { main: '#0b5cad' },
    error: { main: '#b3261e' },
    text: { primary: '#14181d', secondary: '#4a5562' },
    background: { default: '#f4f5f7', paper: '#ffffff' },
    divider: '#dde1e6',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    h1: { fontWeight: 800, letterSpacing: '-0.02em' },
    h2: { fontWeight: 800, letterSpacing: '-0.015em' },
    h3: { fontWeight: 800, letterSpacing: '-0.01em' },
    h4: { fontWeight: 800 },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 700 },
    overline: { fontWeight: 700, letterSpacing: '0.14em' },
    button: { fontWeight: 700, textTransform: 'none' },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 8 } },
    },
    MuiLink: {
      defaultProps: { underline: 'hover' },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { border: '1px solid #dde1e6' } },
    },
  },
});
