import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dashboardMessages } from '@/config/dashboard-messages';
import { serviceMessages } from '@/config/service-messages';
import { site } from '@/config/site';
import { Outbox } from '@/features/outbox/components/outbox';

export default function OutboxPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.outbox} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.outbox}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {serviceMessages.outbox.subtitle}
      </Typography>
      <Outbox />
    </Box>
  );
}
