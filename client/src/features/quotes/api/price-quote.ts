import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { quotesQueryKey } from './get-quotes';

export interface PriceQuoteInput {
  id: string;
  /** A unit price in dollars for every item of the quote. */
  items: { productId: string; unitPrice: number }[];
  /** The last day the prices hold (UTC, `YYYY-MM-DD`), from today on. */
  validUntil: string;
  note?: string;
}

/** PATCH /quotes/{id} (admin): prices every item; the quote becomes `quoted` and the customer gets an e-mail. */
export function priceQuote({ id, ...body }: PriceQuoteInput): Promise<unknown> {
  return apiClient.patch<unknown>(`/quotes/${encodeURIComponent(id)}`, body);
}

export function usePriceQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: priceQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}
