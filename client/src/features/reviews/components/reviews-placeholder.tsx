import { LoadingSpinner } from '@/components/ui/loading-spinner';

/** Holds the carousel's place (and height) until its code and data arrive. */
export const REVIEWS_MIN_HEIGHT = 300;

export function ReviewsPlaceholder() {
  return <LoadingSpinner minHeight={REVIEWS_MIN_HEIGHT} />;
}
