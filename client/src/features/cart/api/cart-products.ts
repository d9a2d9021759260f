import { useQueries } from '@tanstack/react-query';
import { getProductQueryOptions } from '@/features/catalogue';
import { ApiError } from '@/lib/api-client';
import { useCartState, type CartLine } from '../store/cart-store';
import type { Product } from '@/types/api';
import { taxOfCents } from '@/utils/tax';

export interface CartRow extends CartLine {
  /** Undefined while it loads, or when it failed. */
  product: Product | undefined;
  /** The product is not in the catalogue any more. */
  gone: boolean;
  failed: boolean;
  refetch: () => unknown;
}

/** The cart's lines with their products (GET /service/{id} each, from the catalogue's cache when there). */
export function useCartRows(): { rows: CartRow[]; loading: boolean } {
  const { lines } = useCartState();
  const products = useQueries({ queries: lines.map((line) => getProductQueryOptions(line.productId)) });
  const rows = lines.map((line, i) => {
    const q = products[i];
    const gone = q?.error instanceof ApiError && (q.error.code === 'not_found' || q.error.code === 'invalid');
    return { ...line, product: q?.data, gone, failed: q?.isError === true && !gone, refetch: () => q?.refetch() };
  });
  return { rows, loading: products.some((q) => q.isPending) };
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
