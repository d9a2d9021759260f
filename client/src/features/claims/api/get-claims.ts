import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Claim, ListQuery, Page } from '@/types/api';

export type { Claim } from '@/types/api';

export type ClaimListParams = ListQuery<'/claims'>;

/** GET /claims (a customer: their own; an admin: all): newest first; the total is in X-Total-Count. */
export async function getClaims(params: ClaimListParams = {}, signal?: AbortSignal): Promise<Page<Claim>> {
  return unwrapPage(api.GET('/claims', { params: { query: params }, signal }));
}

export const getClaimsQueryOptions = (params: ClaimListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.claims.list(params),
    queryFn: ({ signal }) => getClaims(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useClaims(params: ClaimListParams = {}) {
  return useQuery(getClaimsQueryOptions(params));
}
