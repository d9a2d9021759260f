import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /create-payment-intent (the order's owner): the client secret of the
 * order's one payment intent; the server takes the amount from the stored
 * order, and answers the same intent however often it is asked. 409 once paid.
 */
export function createPaymentIntent(orderId: string, signal?: AbortSignal): Promise<string> {
  return unwrap(api.POST('/create-payment-intent', { body: { orderId }, signal })).then((r) => r.clientSecret);
}

/** A query, not a mutation: asking twice (a remount) is harmless and answers the same secret. */
export const getPaymentIntentQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.payment.intent(orderId),
    queryFn: ({ signal }) => createPaymentIntent(orderId, signal),
    staleTime: Infinity,
    gcTime: 0,
  });

/** The client secret for an unpaid order (`enabled` false until the order is known to be unpaid). */
export function usePaymentIntent(orderId: string, enabled: boolean) {
  return useQuery({ ...getPaymentIntentQueryOptions(orderId), enabled });
}

/** POST /create-payment-intent {groupId} (the group's owner, issue 34): one intent for the group's stored total; 409 once paid. */
export function createGroupPaymentIntent(groupId: string, signal?: AbortSignal): Promise<string> {
  return unwrap(api.POST('/create-payment-intent', { body: { groupId }, signal })).then((r) => r.clientSecret);
}

export function useGroupPaymentIntent(groupId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.payment.groupIntent(groupId),
    queryFn: ({ signal }) => createGroupPaymentIntent(groupId, signal),
    staleTime: Infinity,
    gcTime: 0,
    enabled,
  });
}
