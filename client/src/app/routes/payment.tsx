import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SplitLayout } from '@/components/ui/split-layout';
import { orderMessages } from '@/config/order-messages';
import { pageMessages } from '@/config/page-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { usePurchase, type Purchase } from '@/features/orders/api/get-purchase';
import { InvoiceButton } from '@/features/orders/components/invoice-button';
import { PurchaseSummary } from '@/features/orders/components/purchase-summary';
import { describe, PurchasePayment } from '@/features/payment/components/purchase-payment';
import { ApiError } from '@/lib/api-client';
import { invalidate } from '@/lib/query-keys';

const m = orderMessages.payment;

/** "Please pay for …" until paid, then "Order #N … is paid.": a purchase of one product names it, one of several its number. */
function paymentState(purchase: Purchase): string {
  const single = purchase.orders.length === 1 ? purchase.orders[0] : undefined;
  if (purchase.paid) return single ? m.paidFor(purchase.number, single.productName) : m.paidForPurchase(purchase.number);
  return single ? m.payFor(single.productName) : m.payForPurchase(purchase.number);
}

/** The ways on from a paid purchase: its order page, its invoice (issued when it was paid), My Orders. */
function PaidLinks({ purchase }: { purchase: Purchase }) {
  return (
    <>
      <Button component={RouterLink} to={paths.dashboard.order.to(purchase._id)} variant="contained" color="secondary" size="small" data-testid="paid-order-link">
        {m.orderPage(purchase.number)}
      </Button>
      {purchase.invoiceNumber !== undefined && purchase.invoiceNumber > 0 && <InvoiceButton number={purchase.invoiceNumber} />}
      <Button component={RouterLink} to={paths.dashboard.myOrder} variant="outlined" color="secondary" size="small">
        {m.backToOrders}
      </Button>
    </>
  );
}

/**
 * /payment/:id (the buyer): pay for any purchase by its id (issue 43): a single order's (its id is its
 * purchase's), a cart's checkout or an accepted quote. Its lines and the server's figures beside the one
 * card payment; once paid, the spec's texts with the order page and its invoice.
 */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const purchase = usePurchase(id);
  const queryClient = useQueryClient();
  // Paid in another tab (a 409 for its intent): the purchase and the lists are read again.
  const reload = useCallback(() => invalidate(queryClient, 'orders'), [queryClient]);

  let body;
  if (purchase.isError) {
    const refused = purchase.error instanceof ApiError && purchase.error.status >= 400 && purchase.error.status < 500;
    body = (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Box sx={{ justifySelf: 'stretch' }}>
          <ErrorMessage onRetry={refused ? undefined : () => void purchase.refetch()}>{describe(purchase.error, m.loadFailed)}</ErrorMessage>
        </Box>
        <Button component={RouterLink} to={paths.dashboard.myOrder} variant="outlined" color="secondary">
          {m.backToOrders}
        </Button>
      </Box>
    );
  } else if (!purchase.data) {
    body = <LoadingSpinner minHeight="40vh" />;
  } else {
    const data = purchase.data;
    body = (
      <SplitLayout>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box>
            <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
              {m.greeting(data.orders[0]?.name ?? '')}
            </Typography>
            <Typography data-testid="payment-state" color={data.paid ? undefined : 'text.secondary'} sx={{ mt: 0.5, fontWeight: data.paid ? 700 : undefined }}>
              {paymentState(data)}
            </Typography>
          </Box>
          <PurchaseSummary purchase={data} />
        </Box>
        <PurchasePayment purchase={data} onPaidElsewhere={reload} paidLinks={<PaidLinks purchase={data} />} />
      </SplitLayout>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <title>{`${pageMessages.pages.payment} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, mb: { xs: 2, md: 3 } }}>
        {pageMessages.pages.payment}
      </Typography>
      {/* A purchase read again for another: its own payment state (the key). */}
      <Box key={id}>{body}</Box>
    </Container>
  );
}
