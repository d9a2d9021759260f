import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { messages } from '@/config/messages';

const spin = keyframes`to { transform: rotate(360deg); }`;
const spinBack = keyframes`to { transform: rotate(-360deg); }`;

const GEAR_PATH =
  'M27.6 4h-3.2l-1 5.1a15 15 0 0 0-4.3 1.8l-4.3-3-2.3 2.3 3 4.3a15 15 0 0 0-1.8 4.3L8.6 19.8v3.2l5.1 1a15 15 0 0 0 1.8 4.3l-3 4.3 2.3 2.3 4.3-3a15 15 0 0 0 4.3 1.8l1 5.1h3.2l1-5.1a15 15 0 0 0 4.3-1.8l4.3 3 2.3-2.3-3-4.3a15 15 0 0 0 1.8-4.3l5.1-1v-3.2l-5.1-1a15 15 0 0 0-1.8-4.3l3-4.3-2.3-2.3-4.3 3a15 15 0 0 0-4.3-1.8zM26 15.4a6 6 0 1 1 0 12 6 6 0 0 1 0-12z';

interface LoadingSpinnerProps {
  /** Visible text under the gears; also the status announced to screen readers. */
  label?: string;
  /** Minimum height of the area, so content below does not jump when data arrives. */
  minHeight?: number | string;
}

/** Two meshing gears: the app's one loading animation (also shown on /loading). */
export function LoadingSpinner({ label = messages.common.loading, minHeight = 240 }: LoadingSpinnerProps) {
  return (
    <Box
      role="status"
      aria-live="polite"
      // RouteAnnouncer waits while <main> has one: the new page and its title are not there yet.
      data-loading=""
      sx={{
        minHeight,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        color: 'text.secondary',
      }}
    >
      <Box
        component="svg"
        viewBox="4 0 62 54"
        width={72}
        height={63}
        aria-hidden="true"
        sx={{
          '& path': { transformBox: 'fill-box', transformOrigin: 'center' },
          '& .gear-big': {
            animation: `${spin} 2.4s linear infinite`,
            fill: (t) => t.palette.secondary.main,
          },
          '& .gear-small': {
            animation: `${spinBack} 1.73s linear infinite`,
            fill: (t) => t.palette.primary.dark,
          },
          '@media (prefers-reduced-motion: reduce)': {
            '& .gear-big, & .gear-small': { animationDuration: '8s' },
          },
        }}
      >
        <path className="gear-big" d={GEAR_PATH} />
        <g transform="translate(30.3 21.5) scale(0.72)">
          <path className="gear-small" d={GEAR_PATH} />
        </g>
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
    </Box>
  );
}
