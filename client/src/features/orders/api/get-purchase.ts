import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api.gen';
import { queryKeys } from '@/lib/query-keys';

/** An order group (issue 34) with its orders. */
export type Group = components['schemas']['Group'];

/** GET /groups/{id} (its owner, admins): the group, its orders, totals, quote and invoice numbers; 404 to anyone else. */
export function getGroup(id: string, signal?: AbortSignal): Promise<Group> {
  return unwrap(api.GET('/groups/{id}', { params: { path: { id } }, signal }));
}

/** Under the orders' key: paying, shipping or cancelling invalidates it with the lists. */
export const getGroupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orders.group(id),
    queryFn: ({ signal }) => getGroup(id, signal),
    staleTime: 0,
  });

export function useGroup(id: string | undefined) {
  return useQuery({ ...getGroupQueryOptions(id ?? ''), enabled: !!id });
}
