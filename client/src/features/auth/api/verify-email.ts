import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import type { VerifiedEmail } from '@/types/api';

/** POST /auth/verify-email with the mailed link's token: 400 when it is used, expired or unknown. */
export function verifyEmail(token: string): Promise<VerifiedEmail> {
  return unwrap(api.POST('/auth/verify-email', { body: { token } }));
}

/**
 * Once verified, the signed-in account (if it is that one) and its admin check are read again. A read already on
 * its way (the page's first GET /auth/me, answered by the server before the link was used) is cancelled first:
 * TanStack Query shares a first fetch instead of starting another, so its old answer would stay.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: authKeys.all });
      await queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}
