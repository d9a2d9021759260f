import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Category } from '@/types/api';

/** GET /categories (anyone): every category with its product count. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return unwrap(api.GET('/categories', { signal }));
}

export const categoriesQueryKey = ['categories'] as const;

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => getCategories(signal),
    meta: { public: true },
  });

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
