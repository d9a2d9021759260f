import { createTheme } from '@mui/material/styles';
import type { CSSProperties } from 'react';

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

/** The brand colour. */
const SAFETY_AMBER = '#f5b301';
const INFO_BLUE = '#0b5cad';

/**
 * Focus indicators (WCAG 2.2 SC 1.4.11 and 2.4.13): at least 3:1 against the
 * surface around them. The amber brand colour is not one on white (1.85:1), so
 * on light surfaces the ring is the info blue (#0b5cad: 6.6:1 on white, 6.1:1
 * on #f4f5f7, 5.6:1 on #e9ecf0); on the dark steel surfaces (#1b2631,
 * #16202a–#1f3040) the blue is only ~2:1, so there it is the amber (7.3–8.9:1).
 * One global rule draws the ring with `var(--focus-ring)`; a dark surface
 * spreads `onDarkSurface` into its sx to switch it.
 */
export const focusRing = {
  onLight: INFO_BLUE,
  onDark: SAFETY_AMBER,
} as const;

/** The ring itself, for the few controls that draw it on another element (a label around a hidden file input). */
export const focusRingStyle: CSSProperties = {
  outline: '3px solid var(--focus-ring)',
  outlineOffset: 2,
};

/** Spread into the sx of a dark surface (footer, hero banners): focus rings inside it turn amber. */
export const onDarkSurface = { '--focus-ring': focusRing.onDark } as const;

/**
 * Industrial palette: safety amber on steel. Every text/background pair used
 * meets WCAG AA (≥ 4.5:1): #14181d on #f5b301 ≈ 10:1, white on #1b2631 ≈ 15:1,
 * #4a5562 on white ≈ 7.4:1, #0b5cad on white ≈ 6.6:1.
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: SAFETY_AMBER, dark: '#d49a00', light: '#ffd154', contrastText: '#14181d' },
    secondary: { main: '#1b2631', dark: '#10171e', light: '#2f3e4d', contrastText: '#ffffff' },
    info: { main: INFO_BLUE },
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
    MuiCssBaseline: {
      styleOverrides: {
        ':root': { '--focus-ring': focusRing.onLight },
        // Every control that takes keyboard focus, MUI's (ButtonBase marks them .Mui-focusVisible) and
        // native ones alike. Specificity 0,1,1: above MUI's own `outline: 0` (one class), below a
        // component's own `&:focus-visible` (two). Not on elements focused only by script
        // (tabindex="-1": <main> after the skip link, a drawer's paper); MUI's text fields show focus
        // on their outline instead (their input keeps `outline: 0` at 0,2,0), below.
        'html :focus-visible:where(:not([tabindex="-1"])), html .Mui-focusVisible': focusRingStyle,
      },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        // An error field keeps its red (6.5:1) when focused, as MUI draws it.
        root: { '&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': { borderColor: focusRing.onLight } },
      },
    },
    MuiFormLabel: {
      styleOverrides: {
        // The focused field's label (text: 4.5:1), in the colour of its outline.
        root: { '&.Mui-focused:not(.Mui-error)': { color: focusRing.onLight } },
      },
    },
    MuiMenuItem: {
      styleOverrides: {
        // Inside the menu's scrolling paper an outside ring would be clipped.
        root: { '&.Mui-focusVisible': { outlineOffset: -3 } },
      },
    },
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
