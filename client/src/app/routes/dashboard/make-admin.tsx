import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { adminMessages } from '@/config/admin-messages';
import { dashboardMessages } from '@/config/dashboard-messages';
import { site } from '@/config/site';
import { UsersTable } from '@/features/admin/components/users-table';

export default function MakeAdminPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.makeAdmin} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.makeAdmin}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {adminMessages.users.usersSubtitle}
      </Typography>
      <UsersTable />
    </Box>
  );
}
