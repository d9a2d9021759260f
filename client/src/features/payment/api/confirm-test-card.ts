import { api, unwrap } from '@/lib/api-client';
import type { ConfirmedIntent, TestCardInput } from '@/types/api';

export type TestCardPayment = TestCardInput;

/**
 * POST /payments/test/confirm (test mode): charges a Stripe test card, as
 * stripe.confirmCardPayment does with Stripe. 200 {id, status: "succeeded"},
 * or a 402 problem whose detail is the decline ("Your card was declined.").
 * A plain call, not a mutation: card data is not kept in the query cache.
 */
export function confirmTestCard(payment: TestCardPayment): Promise<ConfirmedIntent> {
  return unwrap(api.POST('/payments/test/confirm', { body: payment }));
}
