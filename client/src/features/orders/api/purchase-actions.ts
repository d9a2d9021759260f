import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { DeleteResult, UpdateResult } from '@/types/api';
import type { components } from '@/types/api.gen';
import { invalidate } from '@/lib/query-keys';

export type Tracking = components['schemas']['Tracking'];

/**
 * DELETE /groups/{id} (its buyer, admins): cancels the purchase whole (every line's stock back);
 * 409 once paid or shipped, or while another change holds it. The one cancel of every purchase,
 * a single order's included (the spec's DELETE /delete/{id} is the same cancel, kept for its clients).
 */
export function cancelPurchase(id: string): Promise<DeleteResult> {
  return unwrap(api.DELETE('/groups/{id}', { params: { path: { id } } }));
}

/**
 * PUT /groups/{id}/ship (admins): ships the purchase whole, with a carrier and tracking number when
 * given (an empty body is the spec's plain "Ship Now"); 409 once shipped.
 */
export function shipPurchase({ id, carrier, trackingNumber }: Tracking & { id: string }): Promise<UpdateResult> {
  const tracking = { ...(carrier && { carrier }), ...(trackingNumber && { trackingNumber }) };
  return unwrap(api.PUT('/groups/{id}/ship', { params: { path: { id } }, ...(Object.keys(tracking).length > 0 && { body: tracking }) }));
}

export function useCancelPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPurchase,
    // Settled: a 409 (paid meanwhile) means what was shown is stale too.
    onSettled: () => invalidate(queryClient, 'orders', 'stock'),
  });
}

export function useShipPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipPurchase,
    onSettled: () => invalidate(queryClient, 'orders'),
  });
}

/**
 * PUT /groups/{id}/freight (admins, issue 48): prices the freight of a purchase awaiting it; its buyer is e-mailed
 * and can pay it from then. 409 once priced (or for a purchase that awaits none).
 */
export function priceFreight({ id, price }: { id: string; price: string }) {
  return unwrap(api.PUT('/groups/{id}/freight', { params: { path: { id } }, body: { price } }));
}

export function usePriceFreight() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: priceFreight, onSettled: () => invalidate(queryClient, 'orders') });
}
