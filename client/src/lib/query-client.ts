import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * The same for every visitor (catalogue, reviews, public config): kept when
       * a session ends. Every other query is the signed-in user's and is dropped.
       */
      public?: boolean;
    };
  }
}

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
