import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dashboardMessages } from '@/config/dashboard-messages';
import { serviceMessages } from '@/config/service-messages';
import { site } from '@/config/site';
import { MyClaims } from '@/features/claims/components/my-claims';

export default function MyClaimsPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.myClaims} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.myClaims}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {serviceMessages.claims.myClaimsSubtitle}
      </Typography>
      <MyClaims />
    </Box>
  );
}
