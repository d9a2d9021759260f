import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { pageMessages } from '@/config/page-messages';
import { site } from '@/config/site';
import { ordersQueryKey } from '@/features/orders/api/get-my-orders';
import { Checkout } from '@/features/payment/components/checkout';

/** /payment/:id (the order's owner): pay for an order by card. */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <title>{`${pageMessages.pages.payment} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, mb: { xs: 2, md: 3 } }}>
        {pageMessages.pages.payment}
      </Typography>
      {/* Paid: My Orders (and Manage Orders) show it at their next look. */}
      <Checkout key={id} orderId={id} onPaid={() => queryClient.invalidateQueries({ queryKey: ordersQueryKey })} />
    </Container>
  );
}
