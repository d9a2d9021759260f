import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { paths } from '@/config/paths';
import { getProductQueryOptions, productQueryKey } from '@/features/catalogue/api/get-product';
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

/**
 * The server's not-found page for a product path (404.html): the product's
 * answer (404, or 400 for a malformed id) is fetched before the client's first
 * render, so that it renders the same not-found page at once.
 */
export async function prefetchProductQuery(queryClient: QueryClient, pathname: string): Promise<void> {
  const id = matchPath(paths.product.pattern, pathname)?.params.id;
  if (!id) return;
  // The page then shows that answer, instead of fetching it again (a spinner in between).
  queryClient.setQueryDefaults(productQueryKey(id), { retryOnMount: false });
  await queryClient.prefetchQuery(getProductQueryOptions(id));
}
