import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListQuery, Page, Quote } from '@/types/api';

export type CompanyQuoteParams = ListQuery<'/companies/{id}/quotes'>;

/** GET /companies/{id}/quotes (issue 45): a page of the quotes the company's members asked for, newest first (its admins). */
export function getCompanyQuotes(id: string, params: CompanyQuoteParams = {}, signal?: AbortSignal): Promise<Page<Quote>> {
  return unwrapPage(api.GET('/companies/{id}/quotes', { params: { path: { id }, query: params }, signal }));
}

export function useCompanyQuotes(id: string, params: CompanyQuoteParams = {}) {
  return useQuery({
    queryKey: [...queryKeys.companies.all, 'quotes', id, params],
    queryFn: ({ signal }) => getCompanyQuotes(id, params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
