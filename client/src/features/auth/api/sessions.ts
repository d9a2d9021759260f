import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { AccountSession } from '@/types/api';

export const sessionsQueryKey = ['account', 'sessions'] as const;

/** GET /account/sessions: the account's signed-in sessions, newest first; `current` is this one. */
export function getSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  return unwrap(api.GET('/account/sessions', { signal }));
}

export const getSessionsQueryOptions = () => queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => getSessions(signal), staleTime: 0 });

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}

/** DELETE /account/sessions/{id}: that device is signed out at once. */
export function endSessionById(id: string): Promise<void> {
  return unwrap(api.DELETE('/account/sessions/{id}', { params: { path: { id } } }));
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endSessionById, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }) });
}
