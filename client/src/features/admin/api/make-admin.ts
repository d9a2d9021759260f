import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/lib/api-client';
import type { UpdateResult } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

/** PUT /user/admin/{email} (admin; 403 otherwise). */
export function makeAdmin(email: string): Promise<UpdateResult> {
  return unwrap(api.PUT('/user/admin/{email}', { params: { path: { email } } }));
}

/** PUT /user/customer/{email} (admin; 409 for oneself, an ADMIN_EMAILS address or the last admin). */
export function makeCustomer(email: string): Promise<UpdateResult> {
  return unwrap(api.PUT('/user/customer/{email}', { params: { path: { email } } }));
}

/** A role change: the list reloads either way (modifiedCount 0: it was stale), and a 403 means this account lost its admin rights. */
function useRoleChange(mutationFn: (email: string) => Promise<UpdateResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidate(queryClient, 'users'),
    onError: (error) => {
      // Let the admin guard see it.
      if (error instanceof ApiError && error.code === 'forbidden') void invalidate(queryClient, 'session');
    },
  });
}

export function useMakeAdmin() {
  return useRoleChange(makeAdmin);
}

export function useMakeCustomer() {
  return useRoleChange(makeCustomer);
}
