import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListQuery, Page, Quote } from '@/types/api';

export type { Quote, QuoteItem, QuoteStatus } from '@/types/api';

export type QuoteListParams = ListQuery<'/quotes'>;

/** GET /quotes (a customer: their own; an admin: all): newest first; the total is in X-Total-Count. */
export async function getQuotes(params: QuoteListParams = {}, signal?: AbortSignal): Promise<Page<Quote>> {
  return unwrapPage(api.GET('/quotes', { params: { query: params }, signal }));
}

export const getQuotesQueryOptions = (params: QuoteListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.quotes.list(params),
    queryFn: ({ signal }) => getQuotes(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useQuotes(params: QuoteListParams = {}) {
  return useQuery(getQuotesQueryOptions(params));
}
