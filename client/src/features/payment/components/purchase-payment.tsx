import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { messages } from '@/config/messages';
import { orderMessages } from '@/config/order-messages';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { usePublicConfig } from '@/lib/public-config';
import { formatCents } from '@/utils/format';
import { useConfirmPaid } from '../api/confirm-paid';
import { usePaymentIntent } from '../api/create-payment-intent';
import type { CardFormProps } from './card-form';
import { TestCardForm } from './test-card-form';

/** Stripe.js and Elements load only when the store takes payments with Stripe. */
const StripeCardForm = lazy(() => import('./stripe-card-form'));

const m = orderMessages.payment;

/** What paying needs to know of a purchase (GET /groups/{id}): any purchase, a single order's included. */
export interface PayablePurchase {
  _id: string;
  /** What is charged, in cents, tax included: the server's figure, never one computed here. */
  amount: number;
  paid: boolean;
  /** Whether it can be paid now (placed, unpaid, not being cancelled). */
  payable: boolean;
  transactionId?: string;
}

/** The one state machine of a payment: ready, paying, failed (say why, try again), paid. */
export type Phase = { kind: 'ready' } | { kind: 'paying' } | { kind: 'failed'; message: string } | { kind: 'paid'; transactionId: string };

/** What to tell the customer about a failed step: the provider's or the server's words. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.code === 'network' ? error.title : error.detail || error.title;
  if (error instanceof Error && error.message) return error.message;
  return messages.errors.unexpected;
}

/** A refusal (4xx) in the server's words; otherwise `fallback`, or the network's message. */
export function describe(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return failureMessage(error);
  return errorMessage(error, fallback);
}

/** Paid: the spec's words, the transaction's id, and the ways on (the order page, its invoice). */
function PaidNotice({ title, transactionId, children }: { title: string; transactionId: string | undefined; children?: ReactNode }) {
  return (
    <Box
      role="status"
      data-testid="payment-success"
      sx={{ display: 'flex', gap: 1.5, p: 2.5, borderRadius: 2, bgcolor: 'feedback.success.bg', border: '1px solid', borderColor: 'feedback.success.border', color: 'feedback.success.text' }}
    >
      <CheckCircleIcon aria-hidden="true" sx={{ color: 'feedback.success.icon', mt: 0.25 }} />
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Typography sx={{ fontWeight: 800, fontSize: '1.1rem' }}>{title}</Typography>
        {transactionId && (
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {m.transactionId}{' '}
            <Box component="span" data-testid="transaction-id" sx={{ fontWeight: 700, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}>
              {transactionId}
            </Box>
          </Typography>
        )}
        {children && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>{children}</Box>}
      </Box>
    </Box>
  );
}

const panelSx = { bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, p: { xs: 2.5, sm: 3.5 } } as const;

interface PurchasePaymentProps {
  purchase: PayablePurchase;
  /** The server said it was paid meanwhile (a 409 for its intent): the page reads the purchase again. */
  onPaidElsewhere?: () => unknown;
  /** Beside the paid notice: the ways on from a paid purchase (its order page, its invoice). */
  paidLinks?: ReactNode;
}

/**
 * The one payment of a purchase (issue 43), whether a single order, a cart's checkout or an accepted
 * quote: the intent for the purchase's stored amount (POST /create-payment-intent {groupId}), the card
 * form (Stripe Elements or the test-mode form, as GET /config says), then PATCH /groups/{id}/pay records
 * it. Once paid, the card form gives way to the spec's 'Congrats! Your payment is completed.' and
 * 'Your transaction Id:', with the ways on.
 */
export function PurchasePayment({ purchase, onPaidElsewhere, paidLinks }: PurchasePaymentProps) {
  const user = useUser().data;
  const config = usePublicConfig();
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  const confirmPaid = useConfirmPaid();
  const intent = usePaymentIntent(purchase._id, purchase.payable && !purchase.paid && phase.kind !== 'paid');
  // A conflict: paid meanwhile (another tab, the webhook), or no longer payable: read the purchase again.
  const refused = intent.error instanceof ApiError && intent.error.code === 'conflict';
  useEffect(() => {
    if (refused) void onPaidElsewhere?.();
  }, [refused, onPaidElsewhere]);

  const pay = async (confirm: () => Promise<string>): Promise<boolean> => {
    setPhase({ kind: 'paying' });
    try {
      const transactionId = await confirm();
      await confirmPaid.mutateAsync({ purchaseId: purchase._id, transactionId });
      setPhase({ kind: 'paid', transactionId });
      return true;
    } catch (error) {
      setPhase({ kind: 'failed', message: failureMessage(error) });
      return false;
    }
  };

  const paid = phase.kind === 'paid' || purchase.paid;
  let body: ReactNode;
  if (phase.kind === 'paid') {
    body = (
      <PaidNotice title={m.succeeded} transactionId={phase.transactionId}>
        {paidLinks}
      </PaidNotice>
    );
  } else if (purchase.paid) {
    body = (
      <PaidNotice title={m.alreadyPaid} transactionId={purchase.transactionId}>
        {paidLinks}
      </PaidNotice>
    );
  } else if (!purchase.payable) {
    body = <ErrorMessage>{refused ? describe(intent.error, m.notPayable) : m.notPayable}</ErrorMessage>;
  } else if (config.isError) {
    body = <ErrorMessage onRetry={() => void config.refetch()}>{errorMessage(config.error, messages.errors.unexpected)}</ErrorMessage>;
  } else if (!config.data || !user) {
    body = <LoadingSpinner minHeight={280} />;
  } else {
    const formProps: CardFormProps = {
      clientSecret: intent.data,
      billing: { name: user.name, email: user.email },
      amount: formatCents(purchase.amount),
      busy: phase.kind === 'paying',
      disabled: !intent.data || phase.kind === 'paying',
      onPay: pay,
    };
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {config.data.paymentProvider === 'stripe' ? (
          <Suspense fallback={<LoadingSpinner minHeight={220} />}>
            <StripeCardForm {...formProps} publishableKey={config.data.stripePublishableKey} />
          </Suspense>
        ) : (
          <TestCardForm {...formProps} />
        )}
        {intent.isPending && (
          <Typography role="status" variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {m.preparing}
          </Typography>
        )}
        {intent.isError && !refused && <ErrorMessage onRetry={() => void intent.refetch()}>{describe(intent.error, m.intentFailed)}</ErrorMessage>}
        {refused && <ErrorMessage>{describe(intent.error, m.intentFailed)}</ErrorMessage>}
        {phase.kind === 'failed' && <ErrorMessage>{phase.message}</ErrorMessage>}
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby="card-title" data-testid="payment-panel" sx={panelSx}>
      <Typography id="card-title" variant="h5" component="h2" sx={{ fontWeight: 800, mb: 2 }}>
        {paid ? m.paidTitle : m.cardTitle}
      </Typography>
      {body}
    </Box>
  );
}
