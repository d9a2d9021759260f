import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { companyMessages } from '@/config/company-messages';
import { dashboardMessages } from '@/config/dashboard-messages';
import { site } from '@/config/site';
import { ManageCompanies } from '@/features/companies/components/manage-companies';

export default function CompaniesPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.companies} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.companies}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {companyMessages.companiesSubtitle}
      </Typography>
      <ManageCompanies />
    </Box>
  );
}
