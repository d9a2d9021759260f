import { useQueries } from '@tanstack/react-query';
import { getProductQueryOptions } from '@/features/catalogue';
import { ApiError } from '@/lib/api-client';
import { useCartState, type CartLine } from '../store/cart-store';
import type { Product } from '@/types/api';
import { figuresOf, type Figures } from '@/utils/money';

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
 * The cart's figures as POST /checkout will charge them, computed before asking (utils/money): each line
 * becomes one line of the purchase, taxed on its own at `rate` hundredths of a percent. Lines whose product
 * is not known yet count for nothing.
 */
export function cartFigures(rows: readonly CartRow[], rate: number): Figures {
  return figuresOf(
    rows.flatMap((row) => (row.product ? [{ unitPrice: row.product.price, quantity: row.quantity }] : [])),
    rate,
  );
}
