import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { SaveProfileResult } from '@/types/api';
import { profileBaseKey, profileQueryKey } from './get-profile';

/** The body of POST /profile; name and email come from the token. */
export interface ProfileInput {
  /** A URL from POST /upload. */
  image: string;
  address: string;
  education: string;
  /** Optional; an http(s) URL when given (the spec's spelling). */
  linkdin: string;
}

/**
 * POST /profile: creates the user's profile, or replaces it in one write; the
 * answer carries the profile as stored. 400 with `errors` per field.
 */
export function saveProfile(input: ProfileInput): Promise<SaveProfileResult> {
  return apiClient.post<SaveProfileResult>('/profile', input);
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    // The answer is the profile as stored: no need to ask again.
    onSuccess: (result) => {
      if (result.profile) queryClient.setQueryData(profileQueryKey(result.profile.email), [result.profile]);
      else void queryClient.invalidateQueries({ queryKey: profileBaseKey });
    },
  });
}
