import Button from '@mui/material/Button';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { usePaging } from '@/components/ui/paged-query';
import { orderMessages } from '@/config/order-messages';
import { paths } from '@/config/paths';
import type { Order } from '@/types/api';
import { useMyOrders } from '../api/get-my-orders';
import { CancelledOrders } from './cancelled-orders';
import { claimLinkIn, ORDERS_PAGE_SIZE, OrdersTable, productCellId } from './order-parts';

const m = orderMessages.orders;

interface MyOrdersProps {
  /** The signed-in customer's email (undefined while the account loads). */
  email: string | undefined;
  /** Called after a delete was tried: a deleted order gives its stock back. */
  onStockChanged?: () => unknown;
  /** More about an order under its status (a replacement claim on a shipped order). */
  orderExtra?: (order: Order) => ReactNode;
}

/** My Orders: the customer's orders with their status, PAY while unpaid, and Delete until paid; then those cancelled. */
export function MyOrders({ email, onStockChanged, orderExtra }: MyOrdersProps) {
  const paging = usePaging(ORDERS_PAGE_SIZE);
  const orders = useMyOrders({ email, ...paging.params });

  return (
    <>
      <OrdersTable
        query={orders}
        paging={paging}
        empty={m.emptyMine}
        emptyAction={
          <ButtonLink to={paths.products} tone="primary">
            {m.browseProducts}
          </ButtonLink>
        }
        statusExtra={orderExtra}
        unpaid={(order) => (
          <Button
            component={RouterLink}
            to={paths.payment.to(order._id)}
            size="small"
            variant="contained"
            startIcon={<CreditCardIcon />}
            aria-describedby={productCellId(order)}
            sx={{ letterSpacing: '0.08em', fontWeight: 800 }}
          >
            {m.pay}
          </Button>
        )}
        onStockChanged={onStockChanged}
        lockedNote={m.deleteLocked}
        claimLink={claimLinkIn(paths.dashboard.myClaims)}
      />
      <CancelledOrders email={email} />
    </>
  );
}
