import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useStartSession } from '@/lib/auth';
import type { AuthSession } from '@/types/api';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

/** POST /auth/register: 201 with a session; 400 with `errors` per field; 409 when the email is taken. */
export function register(input: RegisterInput): Promise<AuthSession> {
  return apiClient.post<AuthSession>('/auth/register', input);
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: register, onSuccess: startSession });
}
