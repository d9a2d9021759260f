import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { catalogueMessages } from '@/config/catalogue-messages';
import { dashboardMessages } from '@/config/dashboard-messages';
import { site } from '@/config/site';
import { AddProductForm } from '@/features/catalogue/components/add-product-form';

export default function AddProductPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.addProduct} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.addProduct}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {catalogueMessages.productAdmin.addSubtitle}
      </Typography>
      <AddProductForm />
    </Box>
  );
}
