import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Accepted } from '@/types/api';

/** POST /auth/password/forgot: the same 202 for every well-formed address, account or not; 429 when asked too often. */
export function forgotPassword(email: string): Promise<Accepted> {
  return unwrap(api.POST('/auth/password/forgot', { body: { email } }));
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
