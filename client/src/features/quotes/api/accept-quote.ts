import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components, operations } from '@/types/api.gen';
import { invalidate } from '@/lib/query-keys';

export type AcceptedQuote = operations['acceptQuote']['responses'][200]['content']['application/json'];
/** Where the quote's orders ship: both required (400 with field errors otherwise). */
export type AcceptDelivery = Omit<components['schemas']['AcceptInput'], 'revision'>;

/**
 * POST /quotes/{id}/accept (the owner): one order per item at the quoted prices, to `delivery`; `revision` is the
 * quote's revision the customer was shown (409 when it was re-priced since, expired or already accepted).
 */
export function acceptQuote({ id, revision, delivery }: { id: string; revision: number; delivery: AcceptDelivery }): Promise<AcceptedQuote> {
  return unwrap(api.POST('/quotes/{id}/accept', { params: { path: { id } }, body: { ...delivery, revision } }));
}

export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuote,
    onSettled: () => invalidate(queryClient, 'quotes', 'orders', 'stock'),
  });
}
