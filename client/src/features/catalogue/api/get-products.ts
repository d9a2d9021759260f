import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import { productKeys } from '@/lib/product-keys';
import type { ListQuery, Page, Product } from '@/types/api';

export type ProductListParams = ListQuery<'/service'>;

export async function getProducts(params: ProductListParams = {}, signal?: AbortSignal): Promise<Page<Product>> {
  return unwrapPage(api.GET('/service', { params: { query: params }, signal }));
}

export const productsQueryKey = (params: ProductListParams = {}) => productKeys.list(params);

export const getProductsQueryOptions = (params: ProductListParams = {}) =>
  queryOptions({
    queryKey: productsQueryKey(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    meta: { public: true },
  });

export function useProducts(params: ProductListParams = {}) {
  return useQuery(getProductsQueryOptions(params));
}
