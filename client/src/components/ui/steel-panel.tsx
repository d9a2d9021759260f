import Box, { type BoxProps } from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { hazardStripes, mergeSx, onDarkSurface, steelBackground } from '@/lib/theme';

/** The hazard stripe along the bottom edge: a hero's is taller, with wider bands, than a card's. */
const STRIPES = {
  hero: { height: 10, band: 14 },
  card: { height: 8, band: 12 },
} as const;

type SteelPanelProps = BoxProps & { stripe?: keyof typeof STRIPES };

/**
 * The dark steel surface of the heroes and the headers of the author and sign-in
 * cards: white text, amber focus rings, and a hazard stripe along the bottom.
 * Other props (`component`, `id`, a layout in `sx`) go to its Box.
 */
export function SteelPanel({ stripe = 'card', sx, ...props }: SteelPanelProps) {
  const { height, band } = STRIPES[stripe];
  const steelSx = {
    position: 'relative',
    color: 'common.white',
    ...onDarkSurface,
    background: (t: Theme) => steelBackground(t),
    '&::after': {
      content: '""',
      position: 'absolute',
      left: 0,
      right: 0,
      bottom: 0,
      height,
      background: (t: Theme) => hazardStripes(t, band),
    },
  } as const;
  return <Box {...props} sx={mergeSx(steelSx, sx)} />;
}
