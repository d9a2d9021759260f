import { createTheme, type SxProps, type Theme } from '@mui/material/styles';
import type { CSSProperties } from 'react';

/**
 * Colours the standard palette has no slot for, named by the role they play.
 * Components read them like any palette colour: `bgcolor: 'surface.muted'` in
 * sx, `theme.palette.surface.muted` where a plain value is needed (SVG, charts,
 * Stripe's iframe).
 */
interface SurfaceColors {
  /** The dark steel of hero banners and asides, lightest in the middle… */
  dark: string;
  /** …and darker at their edges. */
  darker: string;
  /** Behind images and avatars while they load; neutral chips. */
  muted: string;
  /** An upload drop zone. */
  subtle: string;
  /** Table header rows. */
  tableHead: string;
  /** A grey band that sets a page section apart (the reviews). */
  band: string;
}

/** Text on the dark steel surfaces, below white. */
interface TextOnDarkColors {
  /** Supporting text: subtitles, labels, footer links (≥ 9:1 on the steel). */
  muted: string;
  /** Body copy (slide text, the author's role). */
  body: string;
  /** Emphasised list items (the sign-in aside). */
  emphasis: string;
}

/** Lines stronger than the divider. */
interface LineColors {
  /** A drop zone's dashed border. */
  strong: string;
  /** A chart's axis; a handled message's edge. */
  muted: string;
}

/** Star ratings. */
interface RatingColors {
  filled: string;
  /** The outline of an empty star (read-only ratings). */
  emptyOutline: string;
  /** An empty star of the rating input. */
  empty: string;
}

/** A tinted panel: its background, border, text and icon. */
interface TintColors {
  bg: string;
  border: string;
  text: string;
  icon: string;
}

interface FeedbackColors {
  /** An order placed or paid. `inline`: a confirmation line without a panel. */
  success: TintColors & { inline: string };
  /** An inline error. */
  error: Omit<TintColors, 'icon'>;
}

/** Amber-tinted badges and chips (skills, "in stock" notes, the blog's icon). */
type HighlightColors = Omit<TintColors, 'text'>;

/** The test-mode notice (nothing real is charged): `title` above `text`. */
type TestModeColors = TintColors & { title: string };

/** An order's status chips. */
interface OrderStatusColors {
  shipped: { bg: string; text: string };
  pending: { bg: string; text: string };
  paid: { bg: string; text: string };
}

/** The drawn browser window around the navbar demo: its title bar and three buttons. */
interface WindowFrameColors {
  bar: string;
  close: string;
  minimize: string;
  zoom: string;
}

interface StorefrontColors {
  surface: SurfaceColors;
  textOnDark: TextOnDarkColors;
  line: LineColors;
  rating: RatingColors;
  feedback: FeedbackColors;
  highlight: HighlightColors;
  testMode: TestModeColors;
  orderStatus: OrderStatusColors;
  windowFrame: WindowFrameColors;
}

declare module '@mui/material/styles' {
  // Module augmentation: MUI's Palette gains our colours by declaration merging, which needs an interface.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Palette extends StorefrontColors {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface PaletteOptions extends Partial<StorefrontColors> {}
  interface TypeText {
    /** Placeholder text in fields MUI does not draw (Stripe's card field). */
    placeholder: string;
  }
}

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
const INK = '#14181d';
const DIVIDER = '#dde1e6';
const HIGHLIGHT_BG = '#fff4d1';
const HIGHLIGHT_ICON = '#7a5800';

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
    primary: { main: SAFETY_AMBER, dark: '#d49a00', light: '#ffd154', contrastText: INK },
    secondary: { main: '#1b2631', dark: '#10171e', light: '#2f3e4d', contrastText: '#ffffff' },
    info: { main: INFO_BLUE },
    error: { main: '#b3261e' },
    text: { primary: INK, secondary: '#4a5562', placeholder: '#6b7580' },
    background: { default: '#f4f5f7', paper: '#ffffff' },
    divider: DIVIDER,
    surface: { dark: '#1f3040', darker: '#16202a', muted: '#eef0f3', subtle: '#fafbfc', tableHead: '#f8f9fa', band: '#e9ecf0' },
    // White text on the steel is 'common.white'.
    textOnDark: { muted: '#cfd6de', body: '#e3e8ed', emphasis: '#e6eaee' },
    // One unit apart; both kept so that nothing changes on screen.
    line: { strong: '#c4cad2', muted: '#c4cad1' },
    rating: { filled: '#e59f00', emptyOutline: '#8a94a0', empty: '#c4cad2' },
    feedback: {
      success: { bg: '#e8f4ec', border: '#b7dcc2', text: '#14532d', icon: '#1e7a3c', inline: '#1e6b34' },
      error: { bg: '#fdecea', border: '#f1b8b4', text: '#5f1410' },
    },
    highlight: { bg: HIGHLIGHT_BG, border: '#f0d27a', icon: HIGHLIGHT_ICON },
    testMode: { bg: '#fff8e1', border: '#f3d27a', title: '#5c4200', text: '#4a3a0a', icon: HIGHLIGHT_ICON },
    orderStatus: {
      shipped: { bg: '#e3eefb', text: '#0b4a8b' },
      pending: { bg: HIGHLIGHT_BG, text: '#6b4d00' },
      paid: { bg: '#e3f4e8', text: '#14632f' },
    },
    windowFrame: { bar: '#e3e7eb', close: '#e0665a', minimize: SAFETY_AMBER, zoom: '#4caf68' },
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
    // Nothing renders CssBaseline any more (MUI is not on the first load of `/`): src/styles/global.css is the
    // page's baseline, and global.test.tsx checks it against what CssBaseline draws with these overrides.
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
      styleOverrides: { root: { border: `1px solid ${DIVIDER}` } },
    },
  },
});

/** A faint blueprint grid over the steel gradient: the background of every dark hero (`angle` in degrees, lightest at `middle`%). */
export function steelBackground(theme: Theme, angle = 135, middle = 55): string {
  const { dark, darker } = theme.palette.surface;
  return (
    'linear-gradient(rgba(255,255,255,.035) 1px, transparent 1px) 0 0 / 32px 32px,' +
    'linear-gradient(90deg, rgba(255,255,255,.035) 1px, transparent 1px) 0 0 / 32px 32px,' +
    `linear-gradient(${angle}deg, ${darker} 0%, ${dark} ${middle}%, ${darker} 100%)`
  );
}

/** The /landing carousel's slide backgrounds, by the slide's subject: each dark enough for white text. */
export const slideBackgrounds = {
  generator: 'linear-gradient(135deg, #1b2631 0%, #30506d 100%)',
  compressor: 'linear-gradient(135deg, #0c3036 0%, #17646f 100%)',
  welder: 'linear-gradient(135deg, #3a1c0d 0%, #7a3511 100%)',
  pump: 'linear-gradient(135deg, #10302a 0%, #1f5c47 100%)',
} as const;

/** Amber-and-black hazard stripes, each `band` px wide: the edge of the dark heroes and the test-mode notice. */
export function hazardStripes(theme: Theme, band: number): string {
  return `repeating-linear-gradient(-45deg, ${theme.palette.primary.main} 0 ${band}px, ${theme.palette.text.primary} ${band}px ${band * 2}px)`;
}

/**
 * A component's own styles followed by its caller's `sx` (which may itself be a
 * list), as MUI documents passing `sx` on: one list, later entries winning.
 */
export function mergeSx(...parts: Array<SxProps<Theme> | undefined>): SxProps<Theme> {
  const list: unknown[] = [];
  for (const part of parts) {
    if (Array.isArray(part)) list.push(...(part as readonly unknown[]));
    else list.push(part);
  }
  return list as SxProps<Theme>;
}
