import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

const MAX_RETRIES = 2;

export const queryDefaults: DefaultOptions = {
  queries: {
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    // Retrying a 4xx cannot help; network errors and 5xx may pass on a second try.
    retry: (failureCount, error) =>
      failureCount < MAX_RETRIES && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
