import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import type { VerifiedEmail } from '@/types/api';

/** POST /auth/verify-email with the mailed link's token: 400 when it is used, expired or unknown. */
export function verifyEmail(token: string): Promise<VerifiedEmail> {
  return unwrap(api.POST('/auth/verify-email', { body: { token } }));
}

/** Once verified, the signed-in account (if it is that one) and its admin check are read again. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.all }),
  });
}
