import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { useStartSession } from '@/lib/auth';
import type { AuthSession, Credentials } from '@/types/api';

export type LoginInput = Credentials;

/** POST /auth/login: 401 "Email or password is incorrect.", 429 when rate limited. */
export function login(input: LoginInput): Promise<AuthSession> {
  return unwrap(api.POST('/auth/login', { body: input }));
}

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: login, onSuccess: startSession });
}
