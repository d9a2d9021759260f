import { lazy } from 'react';
import { LazyOnVisible } from '@/components/lazy-on-visible';
import container from '@/components/ui/container.module.css';
import { SectionHeading } from '@/components/ui/section-heading';
import { messages } from '@/config/messages';
import { withMui } from '@/lib/with-mui';
import { ReviewsPlaceholder } from './reviews-placeholder';
import s from './reviews-section.module.css';

/** The carousel is drawn with MUI: its code, and MUI's, load as it nears the viewport. */
const ReviewsCarousel = lazy(withMui(() => import('./reviews-carousel')));

/** "What Our Customer Say": below the fold, so the carousel loads when it nears the viewport. Its frame is drawn without MUI. */
export function ReviewsSection() {
  return (
    <section aria-labelledby="reviews-title" className={s.section}>
      <div className={container.lg}>
        <div className={s.head}>
          <SectionHeading
            id="reviews-title"
            title={messages.reviews.sectionTitle}
            titleSize={{ xs: '2rem', md: '2.5rem' }}
            subtitle={messages.reviews.sectionSubtitle}
            centered
          />
        </div>
        <LazyOnVisible fallback={<ReviewsPlaceholder />}>
          <ReviewsCarousel />
        </LazyOnVisible>
      </div>
    </section>
  );
}
