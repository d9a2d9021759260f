import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ProductReviews, Review } from '@/types/api';

/** GET /reviews: the newest visible reviews (without productId, the answer is the list). */
export async function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return (await unwrap(api.GET('/reviews', { signal }))) as Review[];
}

export const getReviewsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.reviews.all,
    queryFn: ({ signal }) => getReviews(signal),
    meta: { public: true },
  });

export function useReviews() {
  return useQuery(getReviewsQueryOptions());
}

/** GET /reviews?productId= (issue 48): a product's visible reviews, newest first, their average and number. */
export async function getProductReviews(productId: string, signal?: AbortSignal): Promise<ProductReviews> {
  return (await unwrap(api.GET('/reviews', { params: { query: { productId } }, signal }))) as ProductReviews;
}

export function useProductReviews(productId: string) {
  return useQuery({
    // under the reviews' key (queryKeys.reviews.all), so what refreshes those refreshes these;
    // written here, not in query-keys.ts, which the first load of / carries
    queryKey: [...queryKeys.reviews.all, 'product', productId],
    queryFn: ({ signal }) => getProductReviews(productId, signal),
    meta: { public: true },
  });
}
