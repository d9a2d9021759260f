import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import type { MfaDisable, RecoveryCodes, TotpEnrolment } from '@/types/api';
import { sessionsQueryKey } from './sessions';

/** POST /account/mfa/totp: a new secret for an authenticator app (not in force until confirmed). */
export function startTotp(): Promise<TotpEnrolment> {
  return unwrap(api.POST('/account/mfa/totp'));
}

/** POST /account/mfa/totp/confirm: the first code turns it on; the answer's recovery codes are shown once. */
export function confirmTotp(code: string): Promise<RecoveryCodes> {
  return unwrap(api.POST('/account/mfa/totp/confirm', { body: { code } }));
}

/** DELETE /account/mfa: the password and a code turn it off. */
export function disableMfa(input: MfaDisable): Promise<void> {
  return unwrap(api.DELETE('/account/mfa', { body: input }));
}

export function useStartTotp() {
  return useMutation({ mutationFn: startTotp });
}

/** The account (its `mfa`) and its sessions change: other sessions end when it is turned on. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    // Not awaited: the recovery codes are shown at once, not after the refetch.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: authKeys.me });
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableMfa, onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }) });
}
