import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dashboardMessages } from '@/config/dashboard-messages';
import { site } from '@/config/site';
import { MyProfile } from '@/features/profile/components/my-profile';

export default function MyProfilePage() {
  return (
    <Box>
      <title>{`${dashboardMessages.myProfile} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.myProfile}
      </Typography>
      <MyProfile />
    </Box>
  );
}
