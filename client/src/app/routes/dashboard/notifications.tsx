import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dashboardMessages } from '@/config/dashboard-messages';
import { notificationMessages } from '@/config/notification-messages';
import { site } from '@/config/site';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';

/** /dashboard/notifications (admin): the e-mails of new work this admin receives. */
export default function NotificationsPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.notifications} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.notifications}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {notificationMessages.subtitle}
      </Typography>
      <NotificationSettings />
    </Box>
  );
}
