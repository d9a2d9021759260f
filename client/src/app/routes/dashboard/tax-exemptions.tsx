import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dashboardMessages } from '@/config/dashboard-messages';
import { site } from '@/config/site';
import { taxExemptionMessages } from '@/config/tax-exemption-messages';
import { ManageTaxExemptions } from '@/features/tax-exemption/components/manage-tax-exemptions';

/** /dashboard/tax-exemptions (admins, issue 49): review the buyers' exemption certificates. */
export default function TaxExemptionsPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.taxExemptions} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.taxExemptions}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {taxExemptionMessages.manage.subtitle}
      </Typography>
      <ManageTaxExemptions />
    </Box>
  );
}
