import { styled, type Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

/**
 * Button-looking links and buttons for the first load. MUI's Button pulls in
 * ButtonBase, ripples and a progress spinner (~12 KB gzip), too much for the
 * `/` budget; pages outside the first load use MUI's Button freely.
 */
export type ButtonTone = 'primary' | 'secondary' | 'outlined' | 'outlined-light' | 'outlined-error';
export type ButtonSize = 'small' | 'medium' | 'large';

interface ButtonLookProps {
  tone?: ButtonTone;
  size?: ButtonSize;
  fullWidth?: boolean;
}

const SIZES: Record<ButtonSize, { padding: string; fontSize: string; minHeight: number }> = {
  small: { padding: '4px 12px', fontSize: '0.85rem', minHeight: 32 },
  medium: { padding: '8px 18px', fontSize: '0.95rem', minHeight: 40 },
  large: { padding: '12px 26px', fontSize: '1rem', minHeight: 48 },
};

function buttonLook(theme: Theme, { tone = 'primary', size = 'medium', fullWidth = false }: ButtonLookProps) {
  const { palette } = theme;
  const tones = {
    primary: { color: palette.primary.contrastText, background: palette.primary.main, border: palette.primary.main, hover: palette.primary.dark, hoverColor: palette.primary.contrastText },
    secondary: { color: palette.secondary.contrastText, background: palette.secondary.main, border: palette.secondary.main, hover: palette.secondary.light, hoverColor: palette.secondary.contrastText },
    outlined: { color: palette.secondary.main, background: 'transparent', border: palette.secondary.main, hover: 'rgba(27,38,49,.08)', hoverColor: palette.secondary.main },
    'outlined-light': { color: palette.common.white, background: 'transparent', border: 'rgba(255,255,255,.6)', hover: 'rgba(255,255,255,.1)', hoverColor: palette.common.white },
    'outlined-error': { color: palette.error.main, background: 'transparent', border: palette.error.main, hover: 'rgba(179,38,30,.08)', hoverColor: palette.error.main },
  }[tone];
  return {
    ...SIZES[size],
    display: fullWidth ? 'flex' : 'inline-flex',
    width: fullWidth ? '100%' : undefined,
    alignItems: 'center',
    justifyContent: 'center',
    gap: 8,
    boxSizing: 'border-box' as const,
    border: `1.5px solid ${tones.border}`,
    borderRadius: 8,
    color: tones.color,
    backgroundColor: tones.background,
    fontFamily: theme.typography.fontFamily,
    fontWeight: 700,
    lineHeight: 1.5,
    textAlign: 'center' as const,
    textDecoration: 'none',
    cursor: 'pointer',
    transition: 'background-color .15s, color .15s, border-color .15s',
    '&:hover': { backgroundColor: tones.hover, color: tones.hoverColor },
    // Purchase of a product out of stock: greyed, no hover.
    '&:disabled': { cursor: 'not-allowed', color: palette.text.secondary, backgroundColor: palette.action.disabledBackground, borderColor: 'transparent' },
  };
}

const look = ['tone', 'size', 'fullWidth'];
const shouldForwardProp = (prop: string) => !look.includes(prop);

/** A react-router link (or `tel:`/`mailto:`/`https:` link) that looks like a button. */
export const ButtonLink = styled(RouterLink, { shouldForwardProp })<ButtonLookProps>(({ theme, ...props }) =>
  buttonLook(theme, props),
);

/** A `<button>` with the same look. */
export const PlainButton = styled('button', { shouldForwardProp })<ButtonLookProps>(({ theme, ...props }) =>
  buttonLook(theme, props),
);

