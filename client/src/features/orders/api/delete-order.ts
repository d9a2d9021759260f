import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { DeleteResult } from '@/types/api';
import { ordersQueryKey } from './get-my-orders';

/** DELETE /delete/{id} (the owner, or an admin): gives the stock back; 409 once paid or shipped. */
export function deleteOrder(id: string): Promise<DeleteResult> {
  return unwrap(api.DELETE('/delete/{id}', { params: { path: { id } } }));
}

export function useDeleteOrder({ onSettled }: { onSettled?: () => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ordersQueryKey }), onSettled?.()]),
  });
}
