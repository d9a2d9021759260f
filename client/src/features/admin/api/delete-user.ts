import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DeleteResult } from '@/types/api';
import { usersQueryKey } from './get-users';

/** DELETE /user/{id} (admin; 409 for one's own account). */
export function deleteUser(id: string): Promise<DeleteResult> {
  return apiClient.delete<DeleteResult>(`/user/${encodeURIComponent(id)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
