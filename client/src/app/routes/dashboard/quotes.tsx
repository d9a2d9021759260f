import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dashboardMessages } from '@/config/dashboard-messages';
import { serviceMessages } from '@/config/service-messages';
import { site } from '@/config/site';
import { ManageQuotes } from '@/features/quotes/components/manage-quotes';

export default function QuotesPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.quotes} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.quotes}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {serviceMessages.quotes.quotesSubtitle}
      </Typography>
      <ManageQuotes />
    </Box>
  );
}
