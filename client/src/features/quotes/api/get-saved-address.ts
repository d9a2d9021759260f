import { useQuery } from '@tanstack/react-query';
import { getProfileQueryOptions } from '@/features/profile';

/**
 * The address saved in the customer's profile (the profile's own query, so the
 * two share one cached answer), to prefill where an accepted quote ships; ''
 * when there is none.
 */
export function useSavedAddress(email: string | undefined) {
  return useQuery({
    ...getProfileQueryOptions(email ?? ''),
    enabled: Boolean(email),
    select: (list) => list[0]?.address ?? '',
  });
}
