import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { paths } from '@/config/paths';
import { productQueryKey } from '@/features/catalogue/api/get-product';
import type { Product } from '@/types/api';

/**
 * The server-rendered product page carries its product (`#ssr-product`, as
 * GET /service/{id} answers it): it goes into the product query, so that the
 * client's first render is the page the server sent. Loaded only on that page.
 */
export function seedProductQuery(queryClient: QueryClient, pathname: string, product: Product): void {
  const id = matchPath(paths.product.pattern, pathname)?.params.id;
  if (id) queryClient.setQueryData(productQueryKey(id), product);
}
