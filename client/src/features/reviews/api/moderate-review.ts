import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '@/lib/api-client';
import type { DeleteResult, ListQuery, ModeratedReview, Page, ReviewModeration } from '@/types/api';
import { invalidate, queryKeys } from '@/lib/query-keys';

export type ModeratedReviewsParams = ListQuery<'/admin/reviews'>;

/** Every admin list of reviews starts with this key: the moderation calls invalidate it. */

/** GET /admin/reviews?status= (admin): every review with its moderation, newest first; the total is in X-Total-Count. */
export async function getModeratedReviews(params: ModeratedReviewsParams = {}, signal?: AbortSignal): Promise<Page<ModeratedReview>> {
  return unwrapPage(api.GET('/admin/reviews', { params: { query: params }, signal }));
}

export const getModeratedReviewsQueryOptions = (params: ModeratedReviewsParams = {}) =>
  queryOptions({
    queryKey: queryKeys.reviews.moderation(params),
    queryFn: ({ signal }) => getModeratedReviews(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useModeratedReviews(params: ModeratedReviewsParams = {}) {
  return useQuery(getModeratedReviewsQueryOptions(params));
}

export type ModerateReviewInput = ReviewModeration & { id: string };

/** PATCH /reviews/{id} (admin): hides or shows a review (showing one awaiting approval approves it). */
export function moderateReview({ id, ...body }: ModerateReviewInput): Promise<ModeratedReview> {
  return unwrap(api.PATCH('/reviews/{id}', { params: { path: { id } }, body }));
}

/** DELETE /reviews/{id} (admin), with the reason. */
export function deleteReview({ id, reason }: { id: string; reason: string }): Promise<DeleteResult> {
  return unwrap(api.DELETE('/reviews/{id}', { params: { path: { id } }, body: { reason } }));
}

/** Both change the home page's reviews (the public list, `reviews`) as well as the admins' lists. */
function useReviewMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidate(queryClient, 'reviews') });
}

export const useModerateReview = () => useReviewMutation(moderateReview);
export const useDeleteReview = () => useReviewMutation(deleteReview);
