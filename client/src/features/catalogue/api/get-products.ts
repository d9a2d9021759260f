import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import type { ListQuery, Page, Product } from '@/types/api';

export type ProductListParams = ListQuery<'/service'>;

export async function getProducts(params: ProductListParams = {}, signal?: AbortSignal): Promise<Page<Product>> {
  return unwrapPage(api.GET('/service', { params: { query: params }, signal }));
}

/** Every catalogue query (lists, single products) starts with this: invalidate it after a change. */
export const productsBaseKey = ['products'] as const;

export const productsQueryKey = (params: ProductListParams = {}) => [...productsBaseKey, params] as const;

export const getProductsQueryOptions = (params: ProductListParams = {}) =>
  queryOptions({
    queryKey: productsQueryKey(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    meta: { public: true },
  });

export function useProducts(params: ProductListParams = {}) {
  return useQuery(getProductsQueryOptions(params));
}
