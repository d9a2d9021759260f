import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { SignInAnswer } from '@/types/api';
import { useSignInAnswer } from './login';

/** POST /auth/google with the ID token Google Identity Services handed us; 401 when it cannot be verified. */
export function googleSignIn(credential: string): Promise<SignInAnswer> {
  return unwrap(api.POST('/auth/google', { body: { credential } }));
}

export function useGoogleSignIn(onSecondStep: (mfaToken: string) => void = () => {}) {
  const onAnswer = useSignInAnswer(onSecondStep);
  return useMutation({ mutationFn: googleSignIn, onSuccess: onAnswer });
}
