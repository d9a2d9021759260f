import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { Link as RouterLink, useLocation } from 'react-router';
import { SectionHeading } from '@/components/ui/section-heading';
import { cartMessages } from '@/config/cart-messages';
import { repeatBuyingMessages } from '@/config/repeat-buying-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { CartView } from '@/features/cart/components/cart-view';
import QuickOrderPage from './quick-order';

const m = cartMessages.cart;

/** /cart (anyone): the cart's lines, their quantities, the subtotal and Checkout; /quick-order (signed in) too. */
export default function CartPage() {
  if (useLocation().pathname === paths.quickOrder) return <QuickOrderPage />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <title>{`${m.title} | ${site.storeName}`}</title>
      <SectionHeading component="h1" title={m.title} subtitle={m.subtitle} titleSize={{ xs: '2rem', md: '2.5rem' }} subtitleStyle={{ marginBottom: 24 }} />
      <CartView />
      {/* Issue 49: a list of SKUs into the cart at once (signing in first). */}
      <Link component={RouterLink} to={paths.quickOrder} sx={{ display: 'inline-block', mt: 3, fontWeight: 700, color: 'info.main' }} data-testid="quick-order-link">
        {repeatBuyingMessages.quickOrder.link}
      </Link>
    </Container>
  );
}
