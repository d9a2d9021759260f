import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { useStartSession } from '@/lib/auth';
import type { AuthSession, Registration } from '@/types/api';

export type RegisterInput = Registration;

/** POST /auth/register: 201 with a session; 400 with `errors` per field; 409 when the email is taken. */
export function register(input: RegisterInput): Promise<AuthSession> {
  return unwrap(api.POST('/auth/register', { body: input }));
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: register, onSuccess: startSession });
}
