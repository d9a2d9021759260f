import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Category } from '@/types/api';

/** GET /categories (anyone): every category with its product count. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return unwrap(api.GET('/categories', { signal }));
}

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories,
    queryFn: ({ signal }) => getCategories(signal),
    meta: { public: true },
  });

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
