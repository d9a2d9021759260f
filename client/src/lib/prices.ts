import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { useAccessToken } from '@/lib/auth-token';
import { productKeys } from '@/lib/product-keys';
import type { ProductPrice } from '@/types/api';
import { toCents } from '@/utils/money';

/** GET /prices?ids=: the signed-in caller's unit prices (their company's when they are a member), as the server charges them. */
export function getPrices(ids: readonly string[], signal?: AbortSignal): Promise<ProductPrice[]> {
  return unwrap(api.GET('/prices', { params: { query: { ids: ids.join(',') } }, signal }));
}

/**
 * The signed-in caller's prices of these products; nothing is asked for anyone else (their prices are the list
 * prices less the volume breaks, computed from the product). Under the catalogue's key, so an order or a product's
 * edit refreshes them; the token is part of the key, so another account never sees the last one's prices.
 */
export function usePrices(ids: readonly string[]) {
  const token = useAccessToken();
  return useQuery({
    queryKey: [...productKeys.all, 'prices', token, ids] as const,
    queryFn: ({ signal }) => getPrices(ids, signal),
    enabled: token !== null && ids.length > 0,
  });
}

/** The unit price in cents of a line of `quantity` pieces at these prices: the last break it reaches (breaks ascend), or the base. */
export function priceCents(price: ProductPrice, quantity: number): number {
  let dollars = price.unitPrice;
  for (const tier of price.tiers) if (tier.min <= quantity) dollars = tier.unitPrice;
  return toCents(dollars);
}

/** Whether these prices differ anywhere from the list price less its breaks (`listCents` gives those). */
export function differsFromList(price: ProductPrice, listCents: (quantity: number) => number): boolean {
  return toCents(price.unitPrice) !== listCents(1) || price.tiers.some((tier) => toCents(tier.unitPrice) !== listCents(tier.min));
}
