import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { contentMessages } from '@/config/content-messages';
import { dashboardMessages } from '@/config/dashboard-messages';
import { site } from '@/config/site';
import { Inbox } from '@/features/contact/components/inbox';

export default function InboxPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.inbox} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.inbox}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {contentMessages.inbox.subtitle}
      </Typography>
      <Inbox />
    </Box>
  );
}
