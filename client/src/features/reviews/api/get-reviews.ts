import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Review } from '@/types/api';

export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return unwrap(api.GET('/reviews', { signal }));
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
