import { ErrorMessage } from '@/components/ui/error-message';
import { reviewMessages } from '@/config/review-messages';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/utils/format-date';
import { useProductReviews } from '../api/get-reviews';
import { ProductReviewsPlaceholder } from './product-reviews-placeholder';

/*
 * Drawn with inline styles, not a CSS module: the build has one stylesheet (build.cssCodeSplit is off),
 * which the first load of / carries, and these load only on a product page, near its reviews.
 */
const text = { margin: 0, fontFamily: 'var(--typography-fontFamily)' } as const;
const muted = { color: 'var(--palette-text-secondary)' } as const;
const row = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 12px' } as const;
const s = {
  section: { display: 'grid', gap: 16, marginTop: 32 },
  heading: { ...text, fontSize: '1.25rem', fontWeight: 700 },
  summary: { ...text, ...row },
  list: { display: 'grid', gap: 12, margin: 0, padding: 0, listStyle: 'none' },
  review: {
    ...text,
    display: 'grid',
    gap: 6,
    padding: 16,
    border: '1px solid var(--palette-divider)',
    borderRadius: 'var(--shape-borderRadius)',
    backgroundColor: 'var(--palette-background-paper)',
  },
  body: { ...text, overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
  stars: { display: 'inline-flex', gap: 2 },
} as const;
/** theme.palette.rating's filled and emptyOutline. */
const FILLED = '#e59f00';
const OUTLINE = '#8a94a0';

const m = reviewMessages.product;
const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** Five stars, the first `rating` (rounded) filled; drawn without MUI (the product page has none). */
function Stars({ rating, label }: { rating: number; label: string }) {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span role="img" aria-label={label} style={s.stars}>
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={STAR} fill={i < filled ? FILLED : 'none'} stroke={i < filled ? FILLED : OUTLINE} strokeWidth={1.5} strokeLinejoin="round" />
        </svg>
      ))}
    </span>
  );
}

/** The product page's reviews (issue 48): the average and number of its visible reviews, then the newest. */
export default function ProductReviews({ productId }: { productId: string }) {
  const reviews = useProductReviews(productId);
  let body;
  if (reviews.isError) {
    body = <ErrorMessage onRetry={() => void reviews.refetch()}>{errorMessage(reviews.error, m.loadFailed)}</ErrorMessage>;
  } else if (reviews.isPending) {
    body = <ProductReviewsPlaceholder />;
  } else if (reviews.data.count === 0) {
    body = <p style={{ ...text, ...muted }}>{m.empty}</p>;
  } else {
    const { average, count } = reviews.data;
    body = (
      <>
        <p style={s.summary} data-testid="product-rating">
          <Stars rating={average} label={m.averageLabel(average, count)} />
          <span style={{ fontWeight: 700 }} aria-hidden="true">
            {m.average(average)}
          </span>
          <span style={muted} aria-hidden="true">
            {m.count(count)}
          </span>
        </p>
        <ul style={s.list} aria-label={m.title}>
          {reviews.data.reviews.map((r) => (
            <li key={r._id} style={s.review}>
              <div style={row}>
                <span style={{ fontWeight: 700 }}>{r.name}</span>
                <Stars rating={r.rating} label={m.rated(r.rating)} />
                {r.verified && <span style={muted}>{m.verifiedBuyer}</span>}
                <span style={muted}>{formatDate(r.createdAt)}</span>
              </div>
              <p style={s.body}>{r.review}</p>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <section aria-labelledby="product-reviews-title" style={s.section} data-testid="product-reviews">
      <h2 id="product-reviews-title" style={s.heading}>
        {m.title}
      </h2>
      {body}
    </section>
  );
}
