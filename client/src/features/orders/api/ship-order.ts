import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { UpdateResult } from '@/types/api';
import type { components } from '@/types/api.gen';
import { invalidate } from '@/lib/query-keys';

export type ShipOrderInput = components['schemas']['Tracking'] & { id: string };

/**
 * PUT /order/update/{id} (admin): shipped, no longer pending; 409 when it
 * already shipped. A carrier and tracking number, when given, go in the body
 * (issue 34); without them the body is empty, as the spec's client sends it.
 */
export function shipOrder(input: string | ShipOrderInput): Promise<UpdateResult> {
  const { id, carrier, trackingNumber } = typeof input === 'string' ? { id: input } : input;
  const tracking = { ...(carrier && { carrier }), ...(trackingNumber && { trackingNumber }) };
  return unwrap(api.PUT('/order/update/{id}', { params: { path: { id } }, ...(Object.keys(tracking).length > 0 && { body: tracking }) }));
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => invalidate(queryClient, 'orders'),
  });
}
