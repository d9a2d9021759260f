import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { useStartSession } from '@/lib/auth';
import type { AuthSession } from '@/types/api';

/** POST /auth/google with the ID token Google Identity Services handed us; 401 when it cannot be verified. */
export function googleSignIn(credential: string): Promise<AuthSession> {
  return unwrap(api.POST('/auth/google', { body: { credential } }));
}

export function useGoogleSignIn() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: googleSignIn, onSuccess: startSession });
}
