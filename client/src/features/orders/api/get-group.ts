import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Order } from '@/types/api';
import type { components } from '@/types/api.gen';
import { ordersQueryKey } from './get-my-orders';

/** An order group (issue 34) with its orders. */
export type Group = components['schemas']['Group'];

/** GET /groups/{id} (its owner, admins): the group, its orders, totals, quote and invoice numbers; 404 to anyone else. */
export function getGroup(id: string, signal?: AbortSignal): Promise<Group> {
  return unwrap(api.GET('/groups/{id}', { params: { path: { id } }, signal }));
}

/** Under the orders' key: paying, shipping or cancelling invalidates it with the lists. */
export const getGroupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'group', id] as const,
    queryFn: ({ signal }) => getGroup(id, signal),
    staleTime: 0,
  });

export function useGroup(id: string | undefined) {
  return useQuery({ ...getGroupQueryOptions(id ?? ''), enabled: !!id });
}

/** GET /pay/{id} (the buyer): one order of a group, for a group answer without its `orders`. */
function getOwnOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return unwrap(api.GET('/pay/{id}', { params: { path: { id } }, signal }));
}

/**
 * A group's orders: the answer's `orders`; a server that does not send them
 * yet (the contract's field lands with the invoices' server part) has them
 * read one by one (the buyer), else `fallback` (the list's rows: an admin).
 */
export function useGroupOrders(group: Group | undefined, fallback: readonly Order[] = [], { fetchMissing = true } = {}): Order[] | undefined {
  // Typed as always sent; a server of before the invoices' part leaves it out.
  const sent: Order[] | undefined = group?.orders;
  const ids = group && !sent && fetchMissing ? group.orderIds : [];
  const fetched = useQueries({
    queries: ids.map((id) => queryOptions({ queryKey: [...ordersQueryKey, 'one', id] as const, queryFn: ({ signal }) => getOwnOrder(id, signal), staleTime: 0 })),
  });
  if (!group) return undefined;
  if (sent) return sent;
  if (ids.length > 0 && fetched.every((q) => q.data)) return fetched.map((q) => q.data as Order);
  if (ids.length > 0 && fetched.some((q) => q.isPending)) return fallback.length > 0 ? [...fallback] : undefined;
  return [...fallback];
}

/**
 * The number of the quote a group came from: the answer's `quoteNumber`, or
 * (a server that does not send it yet) the buyer's quote with its `quoteId`.
 */
export function useQuoteNumber(group: Group | undefined): number | undefined {
  const lookUp = !!group?.quoteId && !group.quoteNumber;
  const quotes = useQuery({
    queryKey: [...ordersQueryKey, 'quotes-of-groups'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/quotes', { params: { query: { limit: 100 } }, signal })),
    enabled: lookUp,
    staleTime: 60_000,
  });
  if (!group) return undefined;
  if (group.quoteNumber) return group.quoteNumber;
  return lookUp ? quotes.data?.find((q) => q._id === group.quoteId)?.number : undefined;
}
