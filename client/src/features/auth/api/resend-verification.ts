import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Accepted } from '@/types/api';

/** POST /auth/verify-email/resend: a new link (the one before stops working); 429 when asked too often, 409 once verified. */
export function resendVerification(): Promise<Accepted> {
  return unwrap(api.POST('/auth/verify-email/resend'));
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
