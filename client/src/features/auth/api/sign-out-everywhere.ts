import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { endSession } from '@/lib/auth';

/** POST /auth/sign-out-everywhere: every token of the account ends, this one included (204). */
export function signOutEverywhere(): Promise<void> {
  return apiClient.post<void>('/auth/sign-out-everywhere');
}

/** The session here ends too once the server has ended them all. */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere, onSuccess: () => endSession('signed-out') });
}
