import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dashboardMessages } from '@/config/dashboard-messages';
import { orderMessages } from '@/config/order-messages';
import { site } from '@/config/site';
import { ManageOrders } from '@/features/orders/components/manage-orders';

export default function ManageOrderPage() {
  return (
    <Box>
      <title>{`${dashboardMessages.manageOrder} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.manageOrder}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {orderMessages.orders.manageSubtitle}
      </Typography>
      <ManageOrders />
    </Box>
  );
}
