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
import { DeleteButton } from '@/components/ui/delete-button';
import { cartMessages } from '@/config/cart-messages';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { useCancelGroup } from '../api/group-actions';
import { claimLinkIn, isPaid, ORDERS_PAGE_SIZE, OrderPageLink, OrdersTable, productCellId } from './order-parts';

const m = orderMessages.orders;
const g = cartMessages.group;

interface MyOrdersProps {
  /** The signed-in customer's email (undefined while the account loads). */
  email: string | undefined;
  /** More about an order under its status (a replacement claim on a shipped order). */
  orderExtra?: (order: Order) => ReactNode;
}

/** My Orders: the customer's orders with their status, PAY while unpaid, and Delete until paid; then those cancelled. */
export function MyOrders({ email, orderExtra }: MyOrdersProps) {
  const paging = usePaging(ORDERS_PAGE_SIZE);
  const orders = useMyOrders({ email, ...paging.params });
  const cancelGroup = useConfirmedAction(useCancelGroup(), { confirm: g.confirmCancel, done: g.cancelled });

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
        // An order of a group is paid and cancelled with its group (the single-order calls answer 409 for it).
        unpaidGroup={(row) => (
          <Button
            component={RouterLink}
            to={paths.groupPayment.to(row.group)}
            size="small"
            variant="contained"
            startIcon={<CreditCardIcon />}
            aria-describedby={productCellId(row)}
            sx={{ letterSpacing: '0.08em', fontWeight: 800 }}
          >
            {m.pay}
          </Button>
        )}
        groupActions={(row) =>
          !isPaid(row) &&
          !row.shipped && (
            <DeleteButton loading={cancelGroup.isRunning(row.group)} onClick={() => cancelGroup.run(row.group)} aria-describedby={productCellId(row)}>
              {g.cancel}
            </DeleteButton>
          )
        }
        productExtra={(row) => <OrderPageLink row={row} />}
        linkLines
        lockedNote={m.deleteLocked}
        claimLink={claimLinkIn(paths.dashboard.myClaims)}
      />
      <CancelledOrders email={email} />
    </>
  );
}
