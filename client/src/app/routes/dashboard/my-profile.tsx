import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { messages } from '@/config/messages';
import { site } from '@/config/site';
import { MyProfile } from '@/features/profile/components/my-profile';

export default function MyProfilePage() {
  return (
    <Box>
      <title>{`${messages.dashboard.myProfile} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {messages.dashboard.myProfile}
      </Typography>
      <MyProfile />
    </Box>
  );
}
