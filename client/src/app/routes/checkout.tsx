import Container from '@mui/material/Container';
import { SectionHeading } from '@/components/ui/section-heading';
import { cartMessages } from '@/config/cart-messages';
import { site } from '@/config/site';
import { CheckoutForm } from '@/features/cart/components/checkout-form';

const m = cartMessages.checkout;

/** /checkout (signed in): the cart checked out as one order group (issue 34). */
export default function CheckoutPage() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <title>{`${m.title} | ${site.storeName}`}</title>
      <SectionHeading component="h1" title={m.title} subtitle={m.subtitle} titleSize={{ xs: '2rem', md: '2.5rem' }} subtitleStyle={{ marginBottom: 24 }} />
      <CheckoutForm />
    </Container>
  );
}
