import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SectionHeading } from '@/components/ui/section-heading';
import { cartMessages } from '@/config/cart-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { OrderAgainButton } from '@/features/cart/components/order-again-button';
import { useClaims } from '@/features/claims/api/get-claims';
import { usePurchase } from '@/features/orders/api/get-purchase';
import { FreightPrice } from '@/features/orders/components/freight-price';
import { OrderDetails, OrderDetailsError } from '@/features/orders/components/order-details';
import { useAdminStatus } from '@/lib/auth';

const o = cartMessages.order;

/** /dashboard/order/:id (the buyer): one purchase's page, by the purchase's id (a single order's id is one): its lines, history, invoice. */
export default function OrderPage() {
  const { id = '' } = useParams();
  const purchase = usePurchase(id);
  // The buyer's claims (at most the first 100): those on this purchase's lines join its history.
  const claims = useClaims({ limit: 100 });
  const admin = useAdminStatus().data === true;
  const title = purchase.data ? o.title(purchase.data.number) : o.details;
  return (
    <Box>
      <title>{`${title} | ${site.storeName}`}</title>
      <Link component={RouterLink} to={paths.dashboard.myOrder} sx={{ display: 'inline-block', mb: 2, fontWeight: 700, color: 'info.main' }}>
        {o.back}
      </Link>
      <SectionHeading component="h1" title={title} />
      {purchase.isError ? (
        <OrderDetailsError error={purchase.error} onRetry={() => void purchase.refetch()} />
      ) : purchase.data ? (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <OrderAgainButton number={purchase.data.number} lines={purchase.data.orders} />
          {purchase.data.state === 'awaiting_freight' && <FreightPrice purchaseId={purchase.data._id} admin={admin} />}
          <OrderDetails purchase={purchase.data} claims={claims.data?.items ?? []} />
        </Box>
      ) : (
        <LoadingSpinner minHeight="40vh" />
      )}
    </Box>
  );
}
