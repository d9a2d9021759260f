import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SplitLayout } from '@/components/ui/split-layout';
import { cartMessages } from '@/config/cart-messages';
import { orderMessages } from '@/config/order-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { invalidate } from '@/lib/query-keys';
import { useGroup } from '@/features/orders/api/get-group';
import { FromQuote, GroupFigures, OrderLines } from '@/features/orders/components/group-summary';
import { GroupPayment } from '@/features/payment/components/group-payment';
import { describe } from '@/features/payment/components/checkout';

const g = cartMessages.group;
const panelSx = { bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, p: { xs: 2.5, sm: 3.5 } } as const;

/** /payment/group/:id (its owner): an order group's lines and figures, paid once by card (issue 34). */
export default function GroupPaymentPage() {
  const { id = '' } = useParams();
  const group = useGroup(id);
  const queryClient = useQueryClient();
  // Paid in another tab: the group and the lists are read again (paying here refreshes them itself).
  const reload = () => invalidate(queryClient, 'orders');

  let body;
  if (group.isError) {
    body = (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Box sx={{ justifySelf: 'stretch' }}>
          <ErrorMessage onRetry={() => void group.refetch()}>{describe(group.error, g.loadFailed)}</ErrorMessage>
        </Box>
        <ButtonLink to={paths.dashboard.myOrder} tone="outlined">
          {orderMessages.payment.backToOrders}
        </ButtonLink>
      </Box>
    );
  } else if (!group.data) {
    body = <LoadingSpinner minHeight="40vh" />;
  } else {
    const data = group.data;
    body = (
      <SplitLayout>
        <Box component="section" aria-labelledby="group-summary-title" sx={panelSx}>
          <Typography id="group-summary-title" variant="h5" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
            {g.title(data.number)}
          </Typography>
          <FromQuote group={data} />
          <OrderLines orders={data.orders} />
          <Box sx={{ borderTop: 2, borderColor: 'divider', mt: 1, pt: 1 }}>
            <GroupFigures group={data} />
          </Box>
        </Box>
        <Box component="section" aria-labelledby="card-title" sx={panelSx}>
          <Typography id="card-title" variant="h5" component="h2" sx={{ fontWeight: 800, mb: 2 }}>
            {orderMessages.payment.cardTitle}
          </Typography>
          <GroupPayment
            groupId={data._id}
            amountCents={Math.round(data.total * 100)}
            paid={data.paid}
            transactionId={data.transactionId}
            onPaidElsewhere={reload}
          />
        </Box>
      </SplitLayout>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <title>{`${g.payTitle} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, mb: { xs: 2, md: 3 } }}>
        {g.payTitle}
      </Typography>
      {body}
    </Container>
  );
}
