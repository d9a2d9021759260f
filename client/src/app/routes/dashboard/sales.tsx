import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dashboardMessages } from '@/config/dashboard-messages';
import { salesMessages } from '@/config/sales-messages';
import { site } from '@/config/site';
import { SalesDashboard } from '@/features/sales/components/sales-dashboard';

export default function SalesPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.sales} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.sales}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {salesMessages.subtitle}
      </Typography>
      <SalesDashboard />
    </Box>
  );
}
