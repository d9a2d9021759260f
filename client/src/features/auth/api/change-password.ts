import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { useStartSession } from '@/lib/auth';
import type { AuthSession, PasswordChange } from '@/types/api';

/**
 * POST /auth/password/change: every other session ends and the answer is a
 * fresh one, which replaces this one. 400 under `currentPassword` for a wrong
 * current password (not a 401: the session stays).
 */
export function changePassword(input: PasswordChange): Promise<AuthSession> {
  return unwrap(api.POST('/auth/password/change', { body: input }));
}

export function useChangePassword() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: changePassword, onSuccess: startSession });
}
