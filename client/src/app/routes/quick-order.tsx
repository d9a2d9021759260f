import Container from '@mui/material/Container';
import { SectionHeading } from '@/components/ui/section-heading';
import { repeatBuyingMessages } from '@/config/repeat-buying-messages';
import { site } from '@/config/site';
import { QuickOrder } from '@/features/cart/components/quick-order';

const m = repeatBuyingMessages.quickOrder;

/** /quick-order (signed in, issue 49): a list of SKUs and quantities into the cart at once. */
export default function QuickOrderPage() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <title>{`${m.title} | ${site.storeName}`}</title>
      <SectionHeading component="h1" title={m.title} subtitle={m.subtitle} titleSize={{ xs: '2rem', md: '2.5rem' }} subtitleStyle={{ marginBottom: 24 }} />
      <QuickOrder />
    </Container>
  );
}
