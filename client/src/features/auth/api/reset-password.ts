import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PasswordReset, PasswordResetDone } from '@/types/api';

/**
 * POST /auth/password/reset: sets the password and ends every session of the
 * account; no token in the answer (the person signs in as usual). 400 for a
 * used, expired or unknown token, or a password that is not valid.
 */
export function resetPassword(input: PasswordReset): Promise<PasswordResetDone> {
  return unwrap(api.POST('/auth/password/reset', { body: input }));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
