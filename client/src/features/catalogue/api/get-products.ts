import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page, Product, ProductSort } from '@/types/api';

export interface ProductListParams {
  limit?: number;
  skip?: number;
  q?: string;
  sort?: ProductSort;
}

export async function getProducts(params: ProductListParams = {}, signal?: AbortSignal): Promise<Page<Product>> {
  return apiClient.getPage<Product>('/service', { ...params }, signal);
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
