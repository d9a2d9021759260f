import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { pageMessages } from '@/config/page-messages';
import { site } from '@/config/site';
import { Checkout } from '@/features/payment/components/checkout';

/** /payment/:id (the order's owner): pay for an order by card. */
export default function PaymentPage() {
  const { id = '' } = useParams();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <title>{`${pageMessages.pages.payment} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, mb: { xs: 2, md: 3 } }}>
        {pageMessages.pages.payment}
      </Typography>
      {/* Paid: the payment's own mutation refreshes the orders (My Orders, Manage Orders). */}
      <Checkout key={id} orderId={id} />
    </Container>
  );
}
