import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { UpdateResult } from '@/types/api';
import { usersQueryKey } from './get-users';

/** PUT /user/admin/{email} (admin; 403 otherwise). */
export function makeAdmin(email: string): Promise<UpdateResult> {
  return unwrap(api.PUT('/user/admin/{email}', { params: { path: { email } } }));
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    // modifiedCount 0 means the account was an admin already: the list was stale either way.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
