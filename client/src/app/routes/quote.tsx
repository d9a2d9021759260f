import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { serviceMessages } from '@/config/service-messages';
import { site } from '@/config/site';
import { QuoteRequest } from '@/features/quotes/components/quote-request';

const m = serviceMessages.quoteList;

/** /quote (signed in): the quote list, sent as one request. */
export default function QuotePage() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <title>{`${m.title} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {m.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {m.subtitle}
      </Typography>
      <QuoteRequest />
    </Container>
  );
}
