import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListQuery, Order, Page } from '@/types/api';

export type MyOrdersParams = ListQuery<'/order'> & { email: string };

/** GET /order?email= (the owner, or an admin): that customer's orders, newest first; the total is in X-Total-Count. */
export async function getMyOrders({ email, limit, skip }: MyOrdersParams, signal?: AbortSignal): Promise<Page<Order>> {
  return unwrapPage(api.GET('/order', { params: { query: { email, limit, skip } }, signal }));
}

export const getMyOrdersQueryOptions = (params: MyOrdersParams) =>
  queryOptions({
    queryKey: queryKeys.orders.mine(params),
    queryFn: ({ signal }) => getMyOrders(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** The signed-in customer's orders; waits until the account (its email) is known. */
export function useMyOrders(params: { email: string | undefined; limit?: number; skip?: number }) {
  const { email = '', ...page } = params;
  return useQuery({ ...getMyOrdersQueryOptions({ email, ...page }), enabled: email !== '' });
}
