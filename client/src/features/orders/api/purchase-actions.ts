import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { DeleteResult, UpdateResult } from '@/types/api';
import type { components } from '@/types/api.gen';
import { invalidate } from '@/lib/query-keys';

export type Tracking = components['schemas']['Tracking'];

/** DELETE /groups/{id} (its owner, admins): cancels every order of an unpaid group, giving the stock back; 409 once paid. */
export function cancelGroup(id: string): Promise<DeleteResult> {
  return unwrap(api.DELETE('/groups/{id}', { params: { path: { id } } }));
}

/** PUT /groups/{id}/ship (admins): ships every order of the group with the same carrier and tracking number. */
export function shipGroup({ id, ...tracking }: Tracking & { id: string }): Promise<UpdateResult> {
  return unwrap(api.PUT('/groups/{id}/ship', { params: { path: { id } }, body: tracking }));
}

export function useCancelGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelGroup,
    onSettled: () => invalidate(queryClient, 'orders', 'stock'),
  });
}

export function useShipGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipGroup,
    onSettled: () => invalidate(queryClient, 'orders'),
  });
}
