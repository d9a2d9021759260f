import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ProfileInput, SaveProfileResult } from '@/types/api';
import { invalidate, queryKeys } from '@/lib/query-keys';

/** The body of POST /profile (name and email come from the token). */
export type { ProfileInput } from '@/types/api';

/**
 * POST /profile: creates the user's profile, or replaces it in one write; the
 * answer carries the profile as stored. 400 with `errors` per field.
 */
export function saveProfile(input: ProfileInput): Promise<SaveProfileResult> {
  return unwrap(api.POST('/profile', { body: input }));
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    // The answer is the profile as stored: no need to ask again.
    onSuccess: (result) => {
      if (result.profile) queryClient.setQueryData(queryKeys.profile.byEmail(result.profile.email), [result.profile]);
      else void invalidate(queryClient, 'profile');
    },
  });
}
