import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import { useState } from 'react';
import { A11y, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import swiperCss from 'swiper/css?inline';
import swiperA11yCss from 'swiper/css/a11y?inline';
import swiperNavigationCss from 'swiper/css/navigation?inline';
import swiperPaginationCss from 'swiper/css/pagination?inline';
import { ErrorMessage } from '@/components/ui/error-message';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { addStyleSheet } from '@/lib/style-sheet';
import type { Review } from '@/types/api';
import { useReviews } from '../api/get-reviews';
import { RatingStars } from './rating-stars';
import { ReviewsPlaceholder } from './reviews-placeholder';

// Swiper's CSS, with this chunk (see addStyleSheet).
addStyleSheet('swiper', swiperCss);
addStyleSheet('swiper-navigation', swiperNavigationCss);
addStyleSheet('swiper-pagination', swiperPaginationCss);
addStyleSheet('swiper-a11y', swiperA11yCss);

/** Reviews per view by viewport width (px), as the spec has it: 1 below 550, 2 from 550 up. */
export const REVIEW_BREAKPOINTS = {
  1: { slidesPerView: 1, spaceBetween: 16 },
  550: { slidesPerView: 2, spaceBetween: 20 },
  768: { slidesPerView: 2, spaceBetween: 24 },
} as const;

/** "Verified buyer" and what they bought: the review is linked to a paid order of that product. */
function VerifiedBuyer({ product }: { product?: string }) {
  return (
    <Typography variant="body2" sx={{ mt: 0.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.75, color: 'text.secondary' }}>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 700, color: 'feedback.success.inline' }}>
        <VerifiedOutlinedIcon fontSize="small" aria-hidden="true" />
        {messages.reviews.verifiedBuyer}
      </Box>
      {product && <span>{messages.reviews.boughtProduct(product)}</span>}
    </Typography>
  );
}

function ReviewCard({ review }: { review: Review }) {
  return (
    <Box
      component="figure"
      sx={{
        m: 0,
        height: '100%',
        // swiper's wrapper is content-box and CssBaseline makes children inherit it
        boxSizing: 'border-box',
        p: { xs: 3, md: 3.5 },
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        position: 'relative',
        '&::before': {
          content: '"\\201C"',
          position: 'absolute',
          top: 4,
          right: 20,
          fontSize: 88,
          lineHeight: 1,
          fontFamily: 'Georgia, serif',
          color: 'primary.main',
          opacity: 0.5,
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Avatar
          src={review.img}
          alt={review.name}
          slotProps={{ img: { width: 64, height: 64, loading: 'lazy', decoding: 'async' } }}
          sx={{ width: 64, height: 64, border: '3px solid', borderColor: 'primary.main' }}
        />
        <Box>
          <Typography component="figcaption" sx={{ fontWeight: 800 }}>
            {review.name}
          </Typography>
          <RatingStars rating={review.rating} />
          {review.verified && <VerifiedBuyer product={review.productName} />}
        </Box>
      </Box>
      <Typography component="blockquote" sx={{ m: 0, color: 'text.secondary', lineHeight: 1.7 }}>
        {review.review}
      </Typography>
    </Box>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const navButtonSx = {
  flex: 'none',
  width: 44,
  height: 44,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  p: 0,
  border: 0,
  borderRadius: '50%',
  bgcolor: 'secondary.main',
  color: 'common.white',
  cursor: 'pointer',
  transition: 'background-color .15s, opacity .15s',
  '&:hover': { bgcolor: 'secondary.light' },
  '&.swiper-button-disabled': { opacity: 0.35, cursor: 'default' },
  '&.swiper-button-lock': { display: 'none' },
} as const;

/** The swiper carousel; loaded lazily (with swiper's JS and CSS) when the section nears the viewport. */
export default function ReviewsCarousel() {
  const reviews = useReviews();
  // Swiper wires its controls by element; they live outside the slides so they never cover a review.
  const [prevEl, setPrevEl] = useState<HTMLButtonElement | null>(null);
  const [nextEl, setNextEl] = useState<HTMLButtonElement | null>(null);
  const [paginationEl, setPaginationEl] = useState<HTMLDivElement | null>(null);

  if (reviews.isPending) return <ReviewsPlaceholder />;
  if (reviews.isError) {
    return (
      <ErrorMessage onRetry={() => void reviews.refetch()}>{errorMessage(reviews.error, messages.reviews.loadFailed)}</ErrorMessage>
    );
  }
  if (reviews.data.length === 0) return <Typography color="text.secondary">{messages.reviews.empty}</Typography>;

  return (
    <Box
      sx={{
        '--swiper-pagination-color': (t) => t.palette.secondary.main,
        '--swiper-pagination-bullet-inactive-color': (t) => t.palette.text.secondary,
        '--swiper-pagination-bullet-inactive-opacity': '0.35',
        '--swiper-pagination-bullet-size': '10px',
        '--swiper-pagination-bullet-horizontal-gap': '5px',
        '& .swiper-slide': { height: 'auto' },
      }}
    >
      {prevEl && nextEl && paginationEl && (
        <Swiper
          modules={[A11y, Keyboard, Navigation, Pagination]}
          breakpoints={REVIEW_BREAKPOINTS}
          slidesPerView={1}
          spaceBetween={16}
          watchSlidesProgress
          navigation={{ prevEl, nextEl }}
          pagination={{ el: paginationEl, clickable: true }}
          keyboard={{ enabled: true, onlyInViewport: true }}
          a11y={{
            enabled: true,
            prevSlideMessage: messages.reviews.prevSlide,
            nextSlideMessage: messages.reviews.nextSlide,
            containerMessage: messages.reviews.carouselLabel,
            paginationBulletMessage: messages.reviews.goToSlide('{{index}}'),
          }}
        >
          {reviews.data.map((review) => (
            <SwiperSlide key={review._id}>
              <ReviewCard review={review} />
            </SwiperSlide>
          ))}
        </Swiper>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, mt: 3 }}>
        <Box component="button" type="button" ref={setPrevEl} aria-label={messages.reviews.prevSlide} sx={navButtonSx}>
          <Chevron direction="left" />
        </Box>
        <Box
          ref={setPaginationEl}
          sx={{
            position: 'static',
            width: 'auto !important',
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'center',
            alignItems: 'center',
            minHeight: 24,
            '& .swiper-pagination-bullet': { m: '0 5px !important', p: 0, border: 0, cursor: 'pointer' },
          }}
        />
        <Box component="button" type="button" ref={setNextEl} aria-label={messages.reviews.nextSlide} sx={navButtonSx}>
          <Chevron direction="right" />
        </Box>
      </Box>
    </Box>
  );
}
