import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Company, ListQuery, Page } from '@/types/api';

export type CompanyListParams = ListQuery<'/companies'>;

/** GET /companies: every company (by `status`) to an admin; a customer's own (one or none) to anyone else. */
export async function getCompanies(params: CompanyListParams = {}, signal?: AbortSignal): Promise<Page<Company>> {
  return unwrapPage(api.GET('/companies', { params: { query: params }, signal }));
}

export const getCompaniesQueryOptions = (params: CompanyListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.companies.list(params),
    queryFn: ({ signal }) => getCompanies(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useCompanies(params: CompanyListParams = {}) {
  return useQuery(getCompaniesQueryOptions(params));
}

/** GET /companies/{id}: the company with its members (every member to its admins; oneself to the others). */
export function getCompany(id: string, signal?: AbortSignal): Promise<Company> {
  return unwrap(api.GET('/companies/{id}', { params: { path: { id } }, signal }));
}

export function useCompany(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.companies.one(id ?? ''),
    queryFn: ({ signal }) => getCompany(id ?? '', signal),
    enabled: id !== undefined,
    staleTime: 0,
  });
}
