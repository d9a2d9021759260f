import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { invalidate } from '@/lib/query-keys';
import type { UpdateResult } from '@/types/api';

/** `transactionId`: the succeeded payment intent's id. */
export interface ConfirmPaidInput {
  purchaseId: string;
  transactionId: string;
}

/**
 * PATCH /groups/{id}/pay {transactionId} (the buyer): the server checks the intent with the provider
 * (succeeded, this purchase, its amount) and only then marks the purchase paid, every line with it,
 * and issues its invoice.
 */
export function confirmPaid({ purchaseId, transactionId }: ConfirmPaidInput): Promise<UpdateResult> {
  return unwrap(api.PATCH('/groups/{id}/pay', { params: { path: { id: purchaseId } }, body: { transactionId } }));
}

export function useConfirmPaid({ onSuccess }: { onSuccess?: () => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPaid,
    // The purchases (this one, the lists, its invoice number), not the payment intent: asking for a paid purchase's intent is a 409.
    onSuccess: () => Promise.all([invalidate(queryClient, 'orders'), onSuccess?.()]),
  });
}
