import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { UpdateResult } from '@/types/api';
import { ordersQueryKey } from './get-my-orders';

/** PUT /order/update/{id} (admin): shipped, no longer pending; 409 when it already shipped. */
export function shipOrder(id: string): Promise<UpdateResult> {
  return unwrap(api.PUT('/order/update/{id}', { params: { path: { id } } }));
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
