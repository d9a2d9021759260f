import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Quote, QuotePricing } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

export type PriceQuoteInput = QuotePricing & { id: string };

/** PATCH /quotes/{id} (admin): prices every item; the quote becomes `quoted` and the customer gets an e-mail. */
export function priceQuote({ id, ...body }: PriceQuoteInput): Promise<Quote> {
  return unwrap(api.PATCH('/quotes/{id}', { params: { path: { id } }, body }));
}

export function usePriceQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: priceQuote,
    onSettled: () => invalidate(queryClient, 'quotes'),
  });
}
