import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { UpdateResult } from '@/types/api';
import { getOrderToPayQueryOptions } from './get-order-to-pay';

export interface ConfirmPaidInput {
  orderId: string;
  /** The succeeded payment intent's id. */
  transactionId: string;
}

/**
 * PATCH /pay/{orderId} (the owner): the server checks the intent with the
 * provider (succeeded, this order, its amount) and only then marks it paid.
 */
export function confirmPaid({ orderId, transactionId }: ConfirmPaidInput): Promise<UpdateResult> {
  return apiClient.patch<UpdateResult>(`/pay/${encodeURIComponent(orderId)}`, { transactionId });
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
