import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { invalidate } from '@/lib/query-keys';
import type { UpdateResult } from '@/types/api';

/**
 * PATCH /groups/{id}/pay {transactionId} (the owner): verified with the
 * payment provider (succeeded, this group, its total), then every order of
 * the group is paid with that transaction.
 */
export function confirmGroupPaid({ groupId, transactionId }: { groupId: string; transactionId: string }): Promise<UpdateResult> {
  return unwrap(api.PATCH('/groups/{id}/pay', { params: { path: { id: groupId } }, body: { transactionId } }));
}

export function useConfirmGroupPaid({ onSuccess }: { onSuccess?: () => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmGroupPaid, onSuccess: () => Promise.all([invalidate(queryClient, 'orders'), onSuccess?.()]) });
}
