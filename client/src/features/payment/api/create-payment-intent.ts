import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /create-payment-intent {groupId} (the buyer): the client secret of the purchase's one payment
 * intent, for any purchase (a single order's id is its purchase's). The server takes the amount from
 * the stored purchase and answers the same intent however often it is asked; 409 once paid, or while a
 * cancel holds it.
 */
export function createPaymentIntent(purchaseId: string, signal?: AbortSignal): Promise<string> {
  return unwrap(api.POST('/create-payment-intent', { body: { groupId: purchaseId }, signal })).then((r) => r.clientSecret);
}

/** A query, not a mutation: asking twice (a remount) is harmless and answers the same secret. */
export const getPaymentIntentQueryOptions = (purchaseId: string) =>
  queryOptions({
    queryKey: queryKeys.payment.intent(purchaseId),
    queryFn: ({ signal }) => createPaymentIntent(purchaseId, signal),
    staleTime: Infinity,
    gcTime: 0,
  });

/** The client secret for a purchase that can be paid (`enabled` false until it is known to be). */
export function usePaymentIntent(purchaseId: string, enabled: boolean) {
  return useQuery({ ...getPaymentIntentQueryOptions(purchaseId), enabled });
}
