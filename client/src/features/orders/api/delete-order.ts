import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { DeleteResult } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

/** DELETE /delete/{id} (the owner, or an admin): gives the stock back; 409 once paid or shipped. */
export function deleteOrder(id: string): Promise<DeleteResult> {
  return unwrap(api.DELETE('/delete/{id}', { params: { path: { id } } }));
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    // Settled: a 409 (paid meanwhile) means what was shown is stale too.
    onSettled: () => invalidate(queryClient, 'orders', 'stock'),
  });
}
