import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { AccountDeletion, DeleteResult } from '@/types/api';

/**
 * DELETE /account, confirmed with the password or a fresh Google ID token:
 * 400 for a wrong confirmation, 409 for the store's last admin.
 */
export function deleteAccount(input: AccountDeletion): Promise<DeleteResult> {
  return unwrap(api.DELETE('/account', { body: input }));
}

/** The session ends with the account: the caller ends it here too (endSession). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
