import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dashboardMessages } from '@/config/dashboard-messages';
import { serviceMessages } from '@/config/service-messages';
import { site } from '@/config/site';
import { MyQuotes } from '@/features/quotes/components/my-quotes';

export default function MyQuotesPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.myQuotes} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.myQuotes}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {serviceMessages.quotes.myQuotesSubtitle}
      </Typography>
      <MyQuotes />
    </Box>
  );
}
