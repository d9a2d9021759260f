import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dashboardMessages } from '@/config/dashboard-messages';
import { orderMessages } from '@/config/order-messages';
import { site } from '@/config/site';
import { ClaimAction } from '@/features/claims/components/claim-action';
import { MyOrders } from '@/features/orders/components/my-orders';
import { useUser } from '@/lib/auth';

export default function MyOrderPage() {
  const email = useUser().data?.email;
  return (
    <Box>
      <title>{`${dashboardMessages.myOrder} | ${site.storeName}`}</title>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {dashboardMessages.myOrder}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {orderMessages.orders.myOrdersSubtitle}
      </Typography>
      <MyOrders email={email} lineExtra={(line) => <ClaimAction order={line} />} />
    </Box>
  );
}
