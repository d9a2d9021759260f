import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import type { components } from '@/types/api.gen';
import type { ListQuery, Page } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

/** What stays of a cancelled order: its number, product, quantity, when and by whom. */
export type Cancellation = components['schemas']['Cancellation'];

export type CancellationsParams = ListQuery<'/cancellations'>;

/** GET /cancellations (signed in): the customer's cancelled orders (every one, to an admin), newest first; the total is in X-Total-Count. */
export async function getCancellations({ limit, skip }: CancellationsParams, signal?: AbortSignal): Promise<Page<Cancellation>> {
  return unwrapPage(api.GET('/cancellations', { params: { query: { limit, skip } }, signal }));
}

/** Under the orders' key: a cancel (which invalidates the orders) lists its record at once. */
export const getCancellationsQueryOptions = (params: CancellationsParams) =>
  queryOptions({
    queryKey: queryKeys.orders.cancellations(params),
    queryFn: ({ signal }) => getCancellations(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** The signed-in customer's cancelled orders; waits until the account is known. */
export function useCancellations(params: CancellationsParams & { enabled: boolean }) {
  const { enabled, ...page } = params;
  return useQuery({ ...getCancellationsQueryOptions(page), enabled });
}
