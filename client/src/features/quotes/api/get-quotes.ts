import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/types/api';

export type QuoteStatus = 'requested' | 'quoted' | 'accepted' | 'declined';

export interface QuoteItem {
  productId: string;
  productName: string;
  quantity: number;
  /** Dollars, set when the quote is priced. */
  unitPrice?: number;
}

/** A quote request as GET /quotes answers it. */
export interface Quote {
  _id: string;
  number: number;
  email: string;
  name: string;
  company?: string;
  items: QuoteItem[];
  message: string;
  status: QuoteStatus;
  /** The last day (UTC, `YYYY-MM-DD`) the prices hold; set when priced. */
  validUntil?: string;
  note?: string;
  /** The orders an accepted quote became. */
  orderIds?: string[];
  createdAt: string;
  quotedAt?: string;
  decidedAt?: string;
}

/** Every quote query starts with this key: mutations invalidate it. */
export const quotesQueryKey = ['quotes'] as const;

export interface QuoteListParams {
  limit?: number;
  skip?: number;
}

/** GET /quotes (a customer: their own; an admin: all): newest first; the total is in X-Total-Count. */
export async function getQuotes(params: QuoteListParams = {}, signal?: AbortSignal): Promise<Page<Quote>> {
  const { data, headers } = await apiClient.request<Quote[]>('/quotes', { query: { ...params }, signal });
  const total = Number(headers.get('X-Total-Count'));
  return { items: data, total: headers.has('X-Total-Count') && Number.isFinite(total) ? total : data.length };
}

export const getQuotesQueryOptions = (params: QuoteListParams = {}) =>
  queryOptions({
    queryKey: [...quotesQueryKey, params] as const,
    queryFn: ({ signal }) => getQuotes(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useQuotes(params: QuoteListParams = {}) {
  return useQuery(getQuotesQueryOptions(params));
}
