import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { InsertedNumbered, QuoteInput } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

/** POST /quotes (a customer): quantities may be below a product's minimum or above its stock. 201 with the new quote's id. */
/** The answer carries the new quote's id and number (InsertedNumbered). */
export function requestQuote(input: QuoteInput): Promise<InsertedNumbered> {
  return unwrap(api.POST('/quotes', { body: input }));
}

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestQuote,
    onSettled: () => invalidate(queryClient, 'quotes'),
  });
}
