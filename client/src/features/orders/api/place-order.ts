import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { OrderInput, PlacedOrder } from '@/types/api';
import { invalidate } from '@/lib/query-keys';

export type PlaceOrderInput = OrderInput;

/**
 * POST /order (signed in): answers `{acknowledged, insertedId, number}`. The server takes name and email from the account and
 * name, price and image from the product, and reserves the stock. 409 when the
 * stock is short ("Only 3 of X left in stock."), 400 with `errors` per field.
 */
export function placeOrder(input: PlaceOrderInput): Promise<PlacedOrder> {
  return unwrap(api.POST('/order', { body: input }));
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // Settled, not success: a 409 means the stock shown was stale, so reload it either way.
    onSettled: () => invalidate(queryClient, 'orders', 'stock'),
  });
}
