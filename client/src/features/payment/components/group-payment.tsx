import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { messages } from '@/config/messages';
import { orderMessages } from '@/config/order-messages';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { usePublicConfig } from '@/lib/public-config';
import { formatCents } from '@/utils/format';
import { useGroupPaymentIntent } from '../api/create-payment-intent';
import { useConfirmGroupPaid } from '../api/pay-group';
import type { CardFormProps } from './card-form';
import { describe, failureMessage, PaidNotice } from './checkout';
import { TestCardForm } from './test-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

const m = orderMessages.payment;

type Phase = { kind: 'ready' } | { kind: 'paying' } | { kind: 'failed'; message: string } | { kind: 'paid'; transactionId: string };

interface GroupPaymentProps {
  groupId: string;
  /** The group's total (tax included), in cents: what is charged. */
  amountCents: number;
  paid: boolean;
  transactionId: string | undefined;
  /** Called once the payment is recorded (the page reloads the group). */
  onPaid?: () => unknown;
  /** Called when the server says the group was paid meanwhile (a 409 for its intent). */
  onPaidElsewhere?: () => unknown;
}

/**
 * The card payment of an order group (issue 34), as Checkout pays one order:
 * the intent for the group's stored total (POST /create-payment-intent
 * {groupId}), the card form (Stripe Elements or the test-mode form), then
 * PATCH /groups/{id}/pay records it for every order of the group.
 */
export function GroupPayment({ groupId, amountCents, paid, transactionId, onPaid, onPaidElsewhere }: GroupPaymentProps) {
  const user = useUser().data;
  const config = usePublicConfig();
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  const confirmPaid = useConfirmGroupPaid({ onSuccess: onPaid });
  const intent = useGroupPaymentIntent(groupId, !paid && phase.kind !== 'paid');
  const paidElsewhere = intent.error instanceof ApiError && intent.error.code === 'conflict';
  useEffect(() => {
    if (paidElsewhere) void onPaidElsewhere?.();
  }, [paidElsewhere, onPaidElsewhere]);

  const pay = async (confirm: () => Promise<string>): Promise<boolean> => {
    setPhase({ kind: 'paying' });
    try {
      const id = await confirm();
      await confirmPaid.mutateAsync({ groupId, transactionId: id });
      setPhase({ kind: 'paid', transactionId: id });
      return true;
    } catch (error) {
      setPhase({ kind: 'failed', message: failureMessage(error) });
      return false;
    }
  };

  if (phase.kind === 'paid') return <PaidNotice title={m.succeeded} transactionId={phase.transactionId} />;
  if (paid) return <PaidNotice title={m.alreadyPaid} transactionId={transactionId ?? ''} />;
  if (config.isError) return <ErrorMessage onRetry={() => void config.refetch()}>{errorMessage(config.error, messages.errors.unexpected)}</ErrorMessage>;
  if (!config.data || !user) return <LoadingSpinner minHeight={280} />;

  const formProps: CardFormProps = {
    clientSecret: intent.data,
    billing: { name: user.name, email: user.email },
    amount: formatCents(amountCents),
    busy: phase.kind === 'paying',
    disabled: !intent.data || phase.kind === 'paying',
    onPay: pay,
  };
  return (
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
      {intent.isError && !paidElsewhere && <ErrorMessage onRetry={() => void intent.refetch()}>{describe(intent.error, m.intentFailed)}</ErrorMessage>}
      {phase.kind === 'failed' && <ErrorMessage>{phase.message}</ErrorMessage>}
    </Box>
  );
}
