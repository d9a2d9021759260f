import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Two columns on wide screens (5 : 6, e.g. the product or order, then its form), one above the other on phones. */
export function SplitLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2.5, md: 4 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}
