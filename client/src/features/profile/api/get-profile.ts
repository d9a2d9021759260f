import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Profile } from '@/types/api';

/** GET /profile?email= (owner only): `[]` when there is no profile yet, else `[profile]`. */
export function getProfile(email: string, signal?: AbortSignal): Promise<Profile[]> {
  return unwrap(api.GET('/profile', { params: { query: { email } }, signal }));
}

/** The user's own data: not `public`, so it goes when the session ends. */
export const getProfileQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.profile.byEmail(email),
    queryFn: ({ signal }) => getProfile(email, signal),
  });

/** The profile of `email`, or null when there is none; waits while the email is unknown. */
export function useProfile(email: string | undefined) {
  return useQuery({
    ...getProfileQueryOptions(email ?? ''),
    enabled: Boolean(email),
    select: (list) => list[0] ?? null,
  });
}
