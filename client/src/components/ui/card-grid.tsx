import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

interface CardGridProps {
  /** Columns on large screens (1, 2 and 3 below that). */
  wide: number;
  /** Given for a grid that refreshes in place: while true it is dimmed and marked busy for screen readers. */
  busy?: boolean;
  /** The cards, each in its <li>. */
  children: ReactNode;
}

/** A list of cards (products) as a grid: one column on phones, up to `wide` on large screens. */
export function CardGrid({ wide, busy, children }: CardGridProps) {
  return (
    <Box
      component="ul"
      aria-busy={busy}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: `repeat(${wide}, 1fr)` },
        ...(busy !== undefined && { opacity: busy ? 0.6 : 1, transition: 'opacity .2s' }),
      }}
    >
      {children}
    </Box>
  );
}
