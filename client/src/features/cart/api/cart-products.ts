import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api-client';
import { productKeys } from '@/lib/product-keys';
import { priceCents, usePrices } from '@/lib/prices';
import type { Product, ProductPrice } from '@/types/api';
import { figuresOf, unitCents, type Figures } from '@/utils/money';
import { useCartState, type CartLine } from '../store/cart-store';

export interface CartRow extends CartLine {
  /** Undefined while it loads, or when it failed. */
  product: Product | undefined;
  /** The signed-in caller's own prices of it (GET /prices; a company member's), when known. */
  price: ProductPrice | undefined;
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
  const prices = usePrices(ids);
  const byId = new Map((products.data ?? []).map((p) => [p._id, p]));
  const priceById = new Map((prices.data ?? []).map((p) => [p.productId, p]));
  const answered = products.isSuccess && !products.isPlaceholderData;
  const rows = lines.map((line) => ({
    ...line,
    product: byId.get(line.productId),
    price: priceById.get(line.productId),
    gone: answered && !byId.has(line.productId),
    failed: products.isError,
    refetch: () => products.refetch(),
  }));
  return { rows, loading: ids.length > 0 && (products.isPending || (products.isPlaceholderData && rows.some((row) => !row.product))) };
}

/**
 * The cart's figures as POST /checkout will charge them, computed before asking (utils/money): each line
 * becomes one line of the purchase, taxed on its own at `rate` hundredths of a percent. Lines whose product
 * is not known yet count for nothing.
 */
export function cartFigures(rows: readonly CartRow[], rate: number): Figures {
  return figuresOf(
    rows.flatMap((row) => (row.product ? [{ unitPrice: rowUnitCents(row, row.quantity) / 100, quantity: row.quantity }] : [])),
    rate,
  );
}

/**
 * The unit price in cents of a row's line of `quantity` pieces, as POST /checkout charges it: the caller's own
 * price (GET /prices) when known, else the list price less its volume break. 0 while the product is not known.
 */
export function rowUnitCents(row: Pick<CartRow, 'product' | 'price'>, quantity: number): number {
  if (row.price) return priceCents(row.price, quantity);
  return row.product ? unitCents(row.product.price, quantity, row.product.tiers) : 0;
}
