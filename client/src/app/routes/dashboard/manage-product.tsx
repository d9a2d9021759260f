import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { catalogueMessages } from '@/config/catalogue-messages';
import { dashboardMessages } from '@/config/dashboard-messages';
import { site } from '@/config/site';
import { ManageProductsTable } from '@/features/catalogue/components/manage-products-table';

export default function ManageProductPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.manageProduct} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.manageProduct}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {catalogueMessages.productAdmin.manageSubtitle}
      </Typography>
      <ManageProductsTable />
    </Box>
  );
}
