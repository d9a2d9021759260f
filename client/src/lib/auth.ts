import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { Location } from 'react-router';
import { paths } from '@/config/paths';
import { api, unwrap } from '@/lib/api-client';
import {
  clearAccessToken,
  getAccessToken,
  setAccessToken,
  subscribeToAccessToken,
  useAccessToken,
  type SessionEndReason,
} from '@/lib/auth-token';
import { queryKeys } from '@/lib/query-keys';
import type { AuthSession, User } from '@/types/api';

/**
 * The session: the token (auth-token.ts) plus the account it belongs to
 * (GET /auth/me) and the admin check (GET /admin/{email}). A 401 from any call
 * ends it (api-client.ts); the route guards then ask the user to sign in again.
 */

export const authKeys = queryKeys.auth;

/** Admin rights are read from the store on every call, so a promotion shows up at the next check. */
const ADMIN_CHECK_STALE_MS = 30_000;

export function getMe(signal?: AbortSignal): Promise<User> {
  return unwrap(api.GET('/auth/me', { signal })).then((r) => r.user);
}

export function getAdminStatus(email: string, signal?: AbortSignal): Promise<boolean> {
  return unwrap(api.GET('/admin/{email}', { params: { path: { email } }, signal })).then((r) => r.admin === true);
}

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });

export const getAdminStatusQueryOptions = (email: string) =>
  queryOptions({
    queryKey: authKeys.admin(email),
    queryFn: ({ signal }) => getAdminStatus(email, signal),
    staleTime: ADMIN_CHECK_STALE_MS,
  });

/** The signed-in account; restored with GET /auth/me whenever there is a token. */
export function useUser() {
  const token = useAccessToken();
  return useQuery({ ...getMeQueryOptions(), enabled: token !== null });
}

/** Whether the signed-in account is an admin, as the server says now. Pending until the account is known. */
export function useAdminStatus() {
  const email = useUser().data?.email;
  return useQuery({ ...getAdminStatusQueryOptions(email ?? ''), enabled: email !== undefined });
}

export interface SessionState {
  signedIn: boolean;
  /** Undefined while GET /auth/me runs (or when it failed for a reason other than 401). */
  user: User | undefined;
}

export function useSession(): SessionState {
  const signedIn = useAccessToken() !== null;
  const { data } = useUser();
  return { signedIn, user: signedIn ? data : undefined };
}

/** Starts the session that register, login or Google sign-in answered with. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (session: AuthSession) => {
      setAccessToken(session.token); // drops the previous session's data (SessionSync)
      queryClient.setQueryData(authKeys.me, session.user);
    },
    [queryClient],
  );
}

/** Ends the session: drops the token; SessionSync drops the user's cached data. */
export function endSession(reason: SessionEndReason = 'signed-out'): void {
  clearAccessToken(reason);
}

function dropUserData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.meta?.public !== true });
}

/**
 * Keeps the cache in step with the token: when it goes or changes (sign-out,
 * a 401, another tab), nothing of the previous user's data survives. Also
 * restores the account on start (GET /auth/me). Rendered once, by the app's
 * session (app/session.tsx, which also keeps the account's cart in step).
 */
export function SessionSync(): null {
  const queryClient = useQueryClient();
  useUser();
  useEffect(() => {
    let token = getAccessToken();
    return subscribeToAccessToken(() => {
      const next = getAccessToken();
      if (next !== token) dropUserData(queryClient);
      token = next;
    });
  }, [queryClient]);
  return null;
}

/** What the route guards hand to /login in the router location state. */
export interface LoginLocationState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  reason?: SessionEndReason | null;
  /** A password reset ended the sessions (the reset page sends the user to sign in). */
  notice?: 'password-reset';
}

/** Where to go after signing in: the page the user came from (when it is one of ours), else `fallback`. */
export function redirectTarget(state: unknown, fallback: string): string {
  const from = (state as LoginLocationState | null)?.from;
  if (!from || typeof from.pathname !== 'string') return fallback;
  const { pathname, search = '', hash = '' } = from;
  // Only a path of this app: never another origin (`//host`) or the sign-in pages themselves.
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname === paths.login || pathname === paths.register) return fallback;
  return `${pathname}${search}${hash}`;
}
