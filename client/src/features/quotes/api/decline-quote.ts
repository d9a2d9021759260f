import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Quote } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

/** POST /quotes/{id}/decline (the owner or an admin): the quote becomes `declined`. */
export function declineQuote(id: string): Promise<Quote> {
  return unwrap(api.POST('/quotes/{id}/decline', { params: { path: { id } } }));
}

export function useDeclineQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineQuote,
    onSettled: () => invalidate(queryClient, 'quotes'),
  });
}
