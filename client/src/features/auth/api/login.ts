import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { useStartSession } from '@/lib/auth';
import type { AuthSession, Credentials, MfaChallenge, SignInAnswer } from '@/types/api';

export type LoginInput = Credentials;

/** POST /auth/login: 401 "Email or password is incorrect.", 429 when rate limited; an account with two-step sign-in answers its second step. */
export function login(input: LoginInput): Promise<SignInAnswer> {
  return unwrap(api.POST('/auth/login', { body: input }));
}

/** Whether a sign-in's answer is its second step (no session yet). */
export function isSecondStep(answer: SignInAnswer): answer is MfaChallenge {
  return 'mfaRequired' in answer && answer.mfaRequired;
}

/**
 * A sign-in's first step (the password, or Google): the session starts, or
 * `onSecondStep` gets the second step's token (POST /auth/login/mfa).
 */
export function useSignInAnswer(onSecondStep: (mfaToken: string) => void) {
  const startSession = useStartSession();
  return (answer: SignInAnswer) => (isSecondStep(answer) ? onSecondStep(answer.mfaToken) : startSession(answer));
}

export function useLogin(onSecondStep: (mfaToken: string) => void = () => {}) {
  const onAnswer = useSignInAnswer(onSecondStep);
  return useMutation({ mutationFn: login, onSuccess: onAnswer });
}

/** POST /auth/login/mfa: the second step's token and a code (the app's 6 digits, or a recovery code). */
export function loginSecondStep(input: { mfaToken: string; code: string }): Promise<AuthSession> {
  return unwrap(api.POST('/auth/login/mfa', { body: input }));
}

export function useLoginSecondStep() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: loginSecondStep, onSuccess: startSession });
}
