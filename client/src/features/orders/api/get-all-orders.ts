import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import type { ListQuery, Order, Page } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

/** Only the orders in this status; absent: all. */
export type AllOrdersParams = ListQuery<'/orders'>;

/** Where an order stands: unpaid, paid and not shipped, or shipped (paid or not). */
export type OrderStatus = NonNullable<AllOrdersParams['status']>;

/** GET /orders?status= (admin): every order, or one status's, newest first; the total is in X-Total-Count. */
export async function getAllOrders(params: AllOrdersParams = {}, signal?: AbortSignal): Promise<Page<Order>> {
  return unwrapPage(api.GET('/orders', { params: { query: params }, signal }));
}

export const getAllOrdersQueryOptions = (params: AllOrdersParams = {}) =>
  queryOptions({
    queryKey: queryKeys.orders.list(params),
    queryFn: ({ signal }) => getAllOrders(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAllOrders(params: AllOrdersParams = {}) {
  return useQuery(getAllOrdersQueryOptions(params));
}
