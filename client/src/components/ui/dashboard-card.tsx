import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { mergeSx } from '@/lib/theme';

const cardSx = {
  p: { xs: 2, sm: 3 },
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  borderLeft: '6px solid',
  borderRadius: 2,
  display: 'grid',
  gap: 1.5,
} as const;

interface DashboardCardProps {
  /** The id of the card's heading, which names the article. */
  titleId: string;
  /** The stripe down the left edge: `primary.main` while the item waits for someone, a quiet colour once it is done. */
  stripeColor: string;
  'data-testid'?: string;
  /** Laid over the card's own look. */
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/** One item of a dashboard list (a quote, a claim, a message): a white article with a coloured stripe on its left. */
export function DashboardCard({ titleId, stripeColor, sx, children, ...props }: DashboardCardProps) {
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      {...props}
      sx={mergeSx(cardSx, { borderLeftColor: stripeColor }, sx)}
    >
      {children}
    </Box>
  );
}

/** A dashboard card's first line: its heading (named `titleId`), then what follows it on the line (a status, a date). */
export function DashboardCardHead({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, rowGap: 0.5 }}>
      <Typography component="h2" id={titleId} sx={{ fontWeight: 800, fontSize: '1.15rem' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
