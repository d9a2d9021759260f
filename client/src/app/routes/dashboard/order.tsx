import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SectionHeading } from '@/components/ui/section-heading';
import { cartMessages } from '@/config/cart-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useClaims } from '@/features/claims/api/get-claims';
import { OrderDetails, OrderDetailsError } from '@/features/orders/components/order-details';
import { useOrderToPay } from '@/features/payment/api/get-order-to-pay';

const o = cartMessages.order;

/** /dashboard/order/:id (the buyer): one order's page, with its group's orders, history, invoice (issue 34). */
export default function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrderToPay(id);
  // The buyer's claims (at most the first 100): those on this order's lines join its history.
  const claims = useClaims({ limit: 100 });
  const title = order.data ? o.title(order.data.number) : o.details;
  return (
    <Box>
      <title>{`${title} | ${site.storeName}`}</title>
      <Link component={RouterLink} to={paths.dashboard.myOrder} sx={{ display: 'inline-block', mb: 2, fontWeight: 700, color: 'info.main' }}>
        {o.back}
      </Link>
      <SectionHeading component="h1" title={title} />
      {order.isError ? (
        <OrderDetailsError error={order.error} onRetry={() => void order.refetch()} />
      ) : order.data ? (
        <OrderDetails order={order.data} claims={claims.data?.items ?? []} />
      ) : (
        <LoadingSpinner minHeight="40vh" />
      )}
    </Box>
  );
}
