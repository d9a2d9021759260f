import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy } from 'react';
import { LazyOnVisible } from '@/components/lazy-on-visible';
import { messages } from '@/config/messages';
import { ReviewsPlaceholder } from './reviews-placeholder';

const ReviewsCarousel = lazy(() => import('./reviews-carousel'));

/** "What Our Customer Say": below the fold, so the carousel loads when it nears the viewport. */
export function ReviewsSection() {
  return (
    <Box component="section" aria-labelledby="reviews-title" sx={{ py: { xs: 6, md: 9 }, bgcolor: 'surface.band' }}>
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', mb: 4 }}>
          <Typography variant="h3" component="h2" id="reviews-title" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
            {messages.reviews.sectionTitle}
          </Typography>
          <Box sx={{ width: 56, height: 4, bgcolor: 'primary.main', borderRadius: 2, mx: 'auto', mt: 1.5, mb: 1.5 }} />
          <Typography color="text.secondary">{messages.reviews.sectionSubtitle}</Typography>
        </Box>
        <LazyOnVisible fallback={<ReviewsPlaceholder />}>
          <ReviewsCarousel />
        </LazyOnVisible>
      </Container>
    </Box>
  );
}
