import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { PublicConfig } from '@/types/api';

/** GET /config: the store's public settings (payment provider, Stripe key, Google client id). */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return unwrap(api.GET('/config', { signal }));
}

export const getPublicConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: 10 * 60_000,
    meta: { public: true },
  });

export function usePublicConfig() {
  return useQuery(getPublicConfigQueryOptions());
}

/** GET /config's TAX_RATE, a percent (8.25; 0 for none), for figures computed before asking; undefined until known. */
export function useTaxRate(): number | undefined {
  return usePublicConfig().data?.taxRate;
}
