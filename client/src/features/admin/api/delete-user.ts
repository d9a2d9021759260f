import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { DeleteResult } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

/** DELETE /user/{id} (admin; 409 for one's own account). */
export function deleteUser(id: string): Promise<DeleteResult> {
  return unwrap(api.DELETE('/user/{user}', { params: { path: { user: id } } }));
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => invalidate(queryClient, 'users'),
  });
}
