import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { lazy } from 'react';
import { LazyOnVisible } from '@/components/lazy-on-visible';
import { SectionHeading } from '@/components/ui/section-heading';
import { messages } from '@/config/messages';
import { ReviewsPlaceholder } from './reviews-placeholder';

const ReviewsCarousel = lazy(() => import('./reviews-carousel'));

/** "What Our Customer Say": below the fold, so the carousel loads when it nears the viewport. */
export function ReviewsSection() {
  return (
    <Box component="section" aria-labelledby="reviews-title" sx={{ py: { xs: 6, md: 9 }, bgcolor: 'surface.band' }}>
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', mb: 4 }}>
          <SectionHeading
            id="reviews-title"
            title={messages.reviews.sectionTitle}
            titleSx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}
            subtitle={messages.reviews.sectionSubtitle}
            centered
          />
        </Box>
        <LazyOnVisible fallback={<ReviewsPlaceholder />}>
          <ReviewsCarousel />
        </LazyOnVisible>
      </Container>
    </Box>
  );
}
