import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

/** POST /auth/sign-out-everywhere: every token of the account ends, this one included (204). */
export function signOutEverywhere(): Promise<void> {
  return unwrap(api.POST('/auth/sign-out-everywhere'));
}

/** The caller ends the session here too: endSession('signed-out-everywhere'), which the guards send to /login. */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}
