import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Order } from '@/types/api';

/** GET /pay/{id} (the owner): the order to pay; 404 for none, and for someone else's order (ids cannot be probed). */
export function getOrderToPay(id: string, signal?: AbortSignal): Promise<Order> {
  return unwrap(api.GET('/pay/{id}', { params: { path: { id } }, signal }));
}

export const getOrderToPayQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.payment.order(id),
    queryFn: ({ signal }) => getOrderToPay(id, signal),
    staleTime: 0,
  });

export function useOrderToPay(id: string) {
  return useQuery(getOrderToPayQueryOptions(id));
}
