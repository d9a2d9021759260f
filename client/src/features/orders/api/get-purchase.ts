import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Purchase } from '@/types/api';

export type { Purchase };
/** One line of a purchase: an order of one product, in the spec's order shape. */
export type PurchaseLine = Purchase['orders'][number];

/**
 * GET /groups/{id} (its buyer, admins): the purchase, its lines and the server's figures (`amount` in
 * cents with tax, `tax` and `total` in dollars). Any purchase's id works, a single order's id included.
 * An older link may name a line of a larger purchase: GET /pay/{id} says which purchase it belongs to,
 * and that purchase is read instead. 404 for none, and for someone else's (ids cannot be probed).
 */
export async function getPurchase(id: string, signal?: AbortSignal): Promise<Purchase> {
  try {
    return await unwrap(api.GET('/groups/{id}', { params: { path: { id } }, signal }));
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'not_found')) throw error;
    // Not found either as an order: the spec's words for it ("The order was not found.").
    const line = await unwrap(api.GET('/pay/{id}', { params: { path: { id } }, signal })).catch((other: unknown) => {
      throw other instanceof ApiError && other.code === 'not_found' ? other : error;
    });
    if (!line.group || line.group === id) throw error;
    return unwrap(api.GET('/groups/{id}', { params: { path: { id: line.group } }, signal }));
  }
}

/** Under the orders' key: paying, shipping or cancelling invalidates it with the lists. */
export const getPurchaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orders.purchase(id),
    queryFn: ({ signal }) => getPurchase(id, signal),
    staleTime: 0,
  });

export function usePurchase(id: string) {
  return useQuery(getPurchaseQueryOptions(id));
}
