import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import { productKeys } from '@/lib/product-keys';
import type { Product } from '@/types/api';
import { taxOfCents } from '@/utils/tax';
import { useCartState, type CartLine } from '../store/cart-store';

export interface CartRow extends CartLine {
  /** Undefined while it loads, or when it failed. */
  product: Product | undefined;
  /** The product is not in the catalogue any more. */
  gone: boolean;
  failed: boolean;
  refetch: () => unknown;
}

/** GET /service?ids=: the products of the cart's lines that exist, in one request (a cart holds up to 50). */
export async function getCartProducts(ids: readonly string[], signal?: AbortSignal): Promise<Product[]> {
  const page = await unwrapPage(api.GET('/service', { params: { query: { ids: ids.join(',') } }, signal }));
  return page.items;
}

/**
 * The cart's lines with their products, read in one request (under the catalogue's key: an order or an edit
 * refreshes it). A line whose product the answer lacks is gone from the catalogue. While the lines change
 * (a line removed), the last answer stays shown.
 */
export function useCartRows(): { rows: CartRow[]; loading: boolean } {
  const { lines } = useCartState();
  const ids = lines.map((line) => line.productId);
  const products = useQuery({
    queryKey: productKeys.byIds(ids),
    queryFn: ({ signal }) => getCartProducts(ids, signal),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    meta: { public: true },
  });
  const byId = new Map((products.data ?? []).map((p) => [p._id, p]));
  const answered = products.isSuccess && !products.isPlaceholderData;
  const rows = lines.map((line) => ({
    ...line,
    product: byId.get(line.productId),
    gone: answered && !byId.has(line.productId),
    failed: products.isError,
    refetch: () => products.refetch(),
  }));
  return { rows, loading: ids.length > 0 && (products.isPending || (products.isPlaceholderData && rows.some((row) => !row.product))) };
}

/**
 * The tax of the lines, in cents: each line becomes one order, and each
 * order's tax is rounded on its own, as the server does (`rate` in
 * hundredths of a percent).
 */
export function taxCents(rows: readonly CartRow[], rate: number): number {
  return rows.reduce((sum, row) => sum + (row.product ? taxOfCents(Math.round(row.product.price * 100) * row.quantity, rate) : 0), 0);
}

/** The sum of the lines' prices, in cents (the lines whose product is known). */
export function subtotalCents(rows: readonly CartRow[]): number {
  return rows.reduce((sum, row) => sum + (row.product ? Math.round(row.product.price * 100) * row.quantity : 0), 0);
}
