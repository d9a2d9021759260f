import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { dashboardMessages } from '@/config/dashboard-messages';
import { orderMessages } from '@/config/order-messages';
import { site } from '@/config/site';
import { productsBaseKey } from '@/features/catalogue/api/get-products';
import { ManageOrders } from '@/features/orders/components/manage-orders';

export default function ManageOrderPage() {
  const queryClient = useQueryClient();
  return (
    <Box>
      <title>{`${dashboardMessages.manageOrder} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.manageOrder}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {orderMessages.orders.manageSubtitle}
      </Typography>
      <ManageOrders onStockChanged={() => queryClient.invalidateQueries({ queryKey: productsBaseKey })} />
    </Box>
  );
}
