import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { InsertResult } from '@/types/api';
import { reviewsQueryKey } from './get-reviews';

/** The body of POST /reviews; the reviewer's name and email come from the token. */
export interface NewReview {
  review: string;
  /** A URL from POST /upload (the server refuses pictures from elsewhere). */
  img: string;
  /** 1–5. */
  rating: number;
}

/** POST /reviews (signed-in): 201 `{acknowledged, insertedId}`; 400 with `errors` per field. */
export function addReview(input: NewReview): Promise<InsertResult> {
  return apiClient.post<InsertResult>('/reviews', input);
}

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    // The home page's carousel shows the newest first.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
  });
}
