import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { companyMessages } from '@/config/company-messages';
import { dashboardMessages } from '@/config/dashboard-messages';
import { site } from '@/config/site';
import { MyCompany } from '@/features/companies/components/my-company';

export default function MyCompanyPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.myCompany} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.myCompany}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {companyMessages.myCompanySubtitle}
      </Typography>
      <MyCompany />
    </Box>
  );
}
