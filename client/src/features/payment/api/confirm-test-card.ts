import { apiClient } from '@/lib/api-client';
import type { ConfirmedIntent } from '@/types/api';

export interface TestCardPayment {
  clientSecret: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
  email: string;
}

/**
 * POST /payments/test/confirm (test mode): charges a Stripe test card, as
 * stripe.confirmCardPayment does with Stripe. 200 {id, status: "succeeded"},
 * or a 402 problem whose detail is the decline ("Your card was declined.").
 * A plain call, not a mutation: card data is not kept in the query cache.
 */
export function confirmTestCard(payment: TestCardPayment): Promise<ConfirmedIntent> {
  return apiClient.post<ConfirmedIntent>('/payments/test/confirm', payment);
}
