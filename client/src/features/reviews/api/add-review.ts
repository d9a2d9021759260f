import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { AddedReview, ReviewInput } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

/** The body of POST /reviews; the reviewer's name and email come from the token. */
export type NewReview = ReviewInput;

/**
 * POST /reviews (signed-in): 201 `{acknowledged, insertedId, awaitingApproval}`; 400 with `errors` per field
 * (`productId` when the reviewer has no paid order of that product).
 */
export function addReview(input: NewReview): Promise<AddedReview> {
  return unwrap(api.POST('/reviews', { body: input }));
}

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    // The home page's carousel shows the newest first.
    onSuccess: () => invalidate(queryClient, 'reviews'),
  });
}
