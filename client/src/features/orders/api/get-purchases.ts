import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListQuery, Page } from '@/types/api';
import type { Purchase } from './get-purchase';

export type PurchasesParams = ListQuery<'/groups'>;

/** Where a purchase stands, as the lists filter: unpaid, paid and not shipped, or shipped (paid or not). */
export type PurchaseStatus = NonNullable<PurchasesParams['status']>;

/**
 * GET /groups (issue 43): a page of purchases with their lines, newest first, paged, filtered and
 * counted by purchase (X-Total-Count is the number of purchases), so that a cart is never split across
 * pages. A buyer's own (`email` their own); an admin's every purchase, or `email`'s.
 */
export async function getPurchases(params: PurchasesParams, signal?: AbortSignal): Promise<Page<Purchase>> {
  return unwrapPage(api.GET('/groups', { params: { query: params }, signal }));
}

export const getPurchasesQueryOptions = (params: PurchasesParams) =>
  queryOptions({
    queryKey: queryKeys.orders.purchases(params),
    queryFn: ({ signal }) => getPurchases(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** A page of purchases; `enabled` false until what it asks for is known (the buyer's email). */
export function usePurchases(params: PurchasesParams, enabled = true) {
  return useQuery({ ...getPurchasesQueryOptions(params), enabled });
}
