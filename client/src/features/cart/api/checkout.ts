import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { invalidate } from '@/lib/query-keys';
import type { components } from '@/types/api.gen';

export type CheckoutInput = components['schemas']['CheckoutInput'];
export type CheckoutResult = components['schemas']['CheckoutResult'];

/**
 * POST /checkout (signed in): one order per line under a new group, stock
 * reserved for all lines or none. 201 {groupId, number, orderIds, total, tax};
 * 409 naming the lines short of stock; 400 with `errors` per line
 * (`items[i].quantity`) or field.
 */
export function checkout(input: CheckoutInput): Promise<CheckoutResult> {
  return unwrap(api.POST('/checkout', { body: input }));
}

export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    // Settled: a 409 means the stock shown was stale; either way the orders and stock changed or may have.
    onSettled: () => invalidate(queryClient, 'orders', 'stock'),
  });
}
