import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Product } from '@/types/api';
import { productKeys } from '@/lib/product-keys';

/** GET /service/{id}: one product (404 problem when there is none, 400 for a malformed id). */
export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return unwrap(api.GET('/service/{id}', { params: { path: { id } }, signal }));
}

/** Under the catalogue's key, so invalidating the catalogue (after an order, an edit) refreshes it too. */
export const productQueryKey = (id: string) => productKeys.detail(id);

export const getProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    meta: { public: true },
  });

export function useProduct(id: string) {
  return useQuery(getProductQueryOptions(id));
}
