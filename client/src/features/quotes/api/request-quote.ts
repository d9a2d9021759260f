import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { quotesQueryKey } from './get-quotes';

export interface QuoteRequest {
  items: { productId: string; quantity: number }[];
  message: string;
  company?: string;
}

export interface QuoteRequested {
  insertedId: string;
  /** The quote's number, when the server tells it. */
  number?: number;
}

/** POST /quotes (a customer): quantities may be below a product's minimum or above its stock. 201 with the new quote's id. */
export function requestQuote(input: QuoteRequest): Promise<QuoteRequested> {
  return apiClient.post<QuoteRequested>('/quotes', input);
}

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}
