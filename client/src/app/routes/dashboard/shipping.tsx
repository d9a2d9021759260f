import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dashboardMessages } from '@/config/dashboard-messages';
import { deliveryMessages } from '@/config/delivery-messages';
import { site } from '@/config/site';
import { ShippingAdmin } from '@/features/cart/components/shipping-admin';

/** /dashboard/shipping (admins): the shipping methods (issue 48). */
export default function ShippingPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.shipping} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.shipping}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {deliveryMessages.admin.subtitle}
      </Typography>
      <ShippingAdmin />
    </Box>
  );
}
