import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { messages } from '@/config/messages';

const STAR =
  'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';
const MAX_STARS = 5;

/** Five stars, the first `rating` filled; read out as "Rated N out of 5". */
export function RatingStars({ rating, size = 20 }: { rating: number; size?: number }) {
  const filled = Math.max(0, Math.min(MAX_STARS, Math.round(rating)));
  const { palette } = useTheme();
  return (
    <Box role="img" aria-label={messages.reviews.rated(filled)} sx={{ display: 'inline-flex', gap: 0.25 }}>
      {Array.from({ length: MAX_STARS }, (_, i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d={STAR}
            fill={i < filled ? palette.rating.filled : 'none'}
            stroke={i < filled ? palette.rating.filled : palette.rating.emptyOutline}
            strokeWidth={1.5}
            strokeLinejoin="round"
          />
        </svg>
      ))}
    </Box>
  );
}
