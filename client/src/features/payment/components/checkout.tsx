import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SplitLayout } from '@/components/ui/split-layout';
import { messages } from '@/config/messages';
import { orderMessages } from '@/config/order-messages';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { usePublicConfig } from '@/lib/public-config';
import { formatCents } from '@/utils/format';
import { useConfirmPaid } from '../api/confirm-paid';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useOrderToPay } from '../api/get-order-to-pay';
import type { CardFormProps } from './card-form';
import { OrderSummary } from './order-summary';
import { TestCardForm } from './test-card-form';

/** Stripe.js and Elements load only when the store takes payments with Stripe. */
const StripeCardForm = lazy(() => import('./stripe-card-form'));

const m = orderMessages.payment;

type Phase = { kind: 'ready' } | { kind: 'paying' } | { kind: 'failed'; message: string } | { kind: 'paid'; transactionId: string };

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

export function PaidNotice({ title, transactionId }: { title: string; transactionId: string }) {
  return (
    <Box
      role="status"
      data-testid="payment-success"
      sx={{ display: 'flex', gap: 1.5, p: 2.5, borderRadius: 2, bgcolor: 'feedback.success.bg', border: '1px solid', borderColor: 'feedback.success.border', color: 'feedback.success.text' }}
    >
      <CheckCircleIcon aria-hidden="true" sx={{ color: 'feedback.success.icon', mt: 0.25 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 800, fontSize: '1.1rem' }}>{title}</Typography>
        {transactionId && (
          <Typography sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {m.transactionId}{' '}
            <Box component="span" data-testid="transaction-id" sx={{ fontWeight: 700, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}>
              {transactionId}
            </Box>
          </Typography>
        )}
        <ButtonLink to={paths.dashboard.myOrder} tone="outlined" size="small" style={{ marginTop: 12 }}>
          {m.backToOrders}
        </ButtonLink>
      </Box>
    </Box>
  );
}

const panelSx = { bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, p: { xs: 2.5, sm: 3.5 } } as const;

/**
 * The payment of one order: its summary, then the card form (Stripe Elements
 * or the test-mode form, as GET /config says). The payment intent is created
 * on arrival; after the provider says it succeeded, PATCH /pay/{id} records it.
 */
export function Checkout({ orderId, onPaid }: { orderId: string; onPaid?: () => unknown }) {
  const order = useOrderToPay(orderId);
  const user = useUser().data;
  const config = usePublicConfig();
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  const confirmPaid = useConfirmPaid({ onSuccess: onPaid });

  const unpaid = order.data !== undefined && !order.data.paid;
  const intent = usePaymentIntent(orderId, unpaid && phase.kind !== 'paid');
  // A conflict: the order was paid meanwhile (another tab, the webhook): show it paid.
  const paidElsewhere = intent.error instanceof ApiError && intent.error.code === 'conflict';
  const refetchOrder = order.refetch;
  useEffect(() => {
    if (paidElsewhere) void refetchOrder();
  }, [paidElsewhere, refetchOrder]);

  const pay = async (confirm: () => Promise<string>): Promise<boolean> => {
    setPhase({ kind: 'paying' });
    try {
      const transactionId = await confirm();
      await confirmPaid.mutateAsync({ orderId, transactionId });
      setPhase({ kind: 'paid', transactionId });
      return true;
    } catch (error) {
      setPhase({ kind: 'failed', message: failureMessage(error) });
      return false;
    }
  };

  if (order.isError) {
    const refused = order.error instanceof ApiError && order.error.status >= 400 && order.error.status < 500;
    return (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Box sx={{ justifySelf: 'stretch' }}>
          <ErrorMessage onRetry={refused ? undefined : () => void order.refetch()}>{describe(order.error, m.loadFailed)}</ErrorMessage>
        </Box>
        <ButtonLink to={paths.dashboard.myOrder} tone="outlined">
          {m.backToOrders}
        </ButtonLink>
      </Box>
    );
  }
  if (!order.data) return <LoadingSpinner minHeight="40vh" />;

  const current = order.data;
  const alreadyPaid = (current.paid || paidElsewhere) && phase.kind !== 'paid';
  const isPaid = alreadyPaid || phase.kind === 'paid';

  let payment;
  if (alreadyPaid) {
    payment = <PaidNotice title={m.alreadyPaid} transactionId={current.transactionId} />;
  } else if (config.isError) {
    payment = <ErrorMessage onRetry={() => void config.refetch()}>{errorMessage(config.error, messages.errors.unexpected)}</ErrorMessage>;
  } else if (!config.data || !user) {
    payment = <LoadingSpinner minHeight={280} />;
  } else {
    const formProps: CardFormProps = {
      clientSecret: intent.data,
      billing: { name: user.name, email: user.email },
      amount: formatCents(current.amount),
      busy: phase.kind === 'paying',
      disabled: !intent.data || phase.kind === 'paying' || phase.kind === 'paid',
      onPay: pay,
    };
    payment = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {config.data.paymentProvider === 'stripe' ? (
          <Suspense fallback={<LoadingSpinner minHeight={220} />}>
            <StripeCardForm {...formProps} publishableKey={config.data.stripePublishableKey} />
          </Suspense>
        ) : (
          <TestCardForm {...formProps} />
        )}
        {intent.isPending && phase.kind !== 'paid' && (
          <Typography role="status" variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {m.preparing}
          </Typography>
        )}
        {intent.isError && !paidElsewhere && (
          <ErrorMessage onRetry={() => void intent.refetch()}>{describe(intent.error, m.intentFailed)}</ErrorMessage>
        )}
        {phase.kind === 'failed' && <ErrorMessage>{phase.message}</ErrorMessage>}
        {phase.kind === 'paid' && <PaidNotice title={m.succeeded} transactionId={phase.transactionId} />}
      </Box>
    );
  }

  return (
    <SplitLayout>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
            {m.greeting(current.name)}
          </Typography>
          {isPaid ? (
            <Typography data-testid="payment-state" sx={{ mt: 0.5, fontWeight: 700 }}>
              {m.paidFor(current.number, current.productName)}
            </Typography>
          ) : (
            <Typography data-testid="payment-state" color="text.secondary" sx={{ mt: 0.5 }}>
              {m.payFor(current.productName)}
            </Typography>
          )}
        </Box>
        <OrderSummary order={current} />
      </Box>
      <Box component="section" aria-labelledby="card-title" sx={panelSx}>
        <Typography id="card-title" variant="h5" component="h2" sx={{ fontWeight: 800, mb: 2 }}>
          {m.cardTitle}
        </Typography>
        {payment}
      </Box>
    </SplitLayout>
  );
}
