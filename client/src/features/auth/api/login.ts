import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useStartSession } from '@/lib/auth';
import type { AuthSession } from '@/types/api';

export interface LoginInput {
  email: string;
  password: string;
}

/** POST /auth/login: 401 "Email or password is incorrect.", 429 when rate limited. */
export function login(input: LoginInput): Promise<AuthSession> {
  return apiClient.post<AuthSession>('/auth/login', input);
}

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: login, onSuccess: startSession });
}
