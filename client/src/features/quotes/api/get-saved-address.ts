import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

/**
 * The address saved in the customer's profile (GET /profile?email=), to prefill
 * where an accepted quote ships; '' when there is none. Same query key as the
 * profile feature's, so the two share one cached answer.
 */
export function useSavedAddress(email: string | undefined) {
  return useQuery({
    queryKey: ['profile', email ?? ''] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/profile', { params: { query: { email: email ?? '' } }, signal })),
    enabled: Boolean(email),
    select: (list) => list[0]?.address ?? '',
  });
}
