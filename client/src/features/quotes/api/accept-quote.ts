import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { operations } from '@/types/api.gen';
import { quotesQueryKey } from './get-quotes';

export type AcceptedQuote = operations['acceptQuote']['responses'][200]['content']['application/json'];

/** POST /quotes/{id}/accept (the owner): one order per item at the quoted prices; 409 when expired or already accepted. */
export function acceptQuote(id: string): Promise<AcceptedQuote> {
  // The delivery details are optional: without them the orders take the customer's profile.
  return apiClient.post<AcceptedQuote>(`/quotes/${encodeURIComponent(id)}/accept`, {});
}

export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}
