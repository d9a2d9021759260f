import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Payment, UpdateResult } from '@/types/api';
import { getOrderToPayQueryOptions } from './get-order-to-pay';

/** `transactionId`: the succeeded payment intent's id. */
export type ConfirmPaidInput = Payment & { orderId: string };

/**
 * PATCH /pay/{orderId} (the owner): the server checks the intent with the
 * provider (succeeded, this order, its amount) and only then marks it paid.
 */
export function confirmPaid({ orderId, transactionId }: ConfirmPaidInput): Promise<UpdateResult> {
  return unwrap(api.PATCH('/pay/{id}', { params: { path: { id: orderId } }, body: { transactionId } }));
}

export function useConfirmPaid({ onSuccess }: { onSuccess?: () => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPaid,
    // The order, not its payment intent: asking for an intent of a paid order is a 409.
    onSuccess: (_, { orderId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: getOrderToPayQueryOptions(orderId).queryKey }), onSuccess?.()]),
  });
}
