import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Payment, UpdateResult } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

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
    // The orders (this one, the lists), not the payment intent: asking for an intent of a paid order is a 409.
    onSuccess: () => Promise.all([invalidate(queryClient, 'orders'), onSuccess?.()]),
  });
}
