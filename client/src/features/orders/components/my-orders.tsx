import Button from '@mui/material/Button';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { usePaging } from '@/components/ui/paged-query';
import { orderMessages } from '@/config/order-messages';
import { paths } from '@/config/paths';
import type { PurchaseLine } from '../api/get-purchase';
import { usePurchases } from '../api/get-purchases';
import { CancelledOrders } from './cancelled-orders';
import { CancelPurchaseButton, claimLinkIn, ORDERS_PAGE_SIZE, OrderPageLink, OrdersTable, PaidChip, productCellId, useCancelPurchaseAction } from './order-parts';

const m = orderMessages.orders;

interface MyOrdersProps {
  /** The signed-in customer's email (undefined while the account loads). */
  email: string | undefined;
  /** More about a line (a replacement claim on a shipped product). */
  lineExtra?: (line: PurchaseLine) => ReactNode;
}

/**
 * My Orders: the customer's purchases (GET /groups, a page of 20 purchases, `?page=` in the URL), each
 * with its status, PAY while it can be paid, Delete (or Cancel order, for several products) until paid,
 * and Details; then those cancelled.
 */
export function MyOrders({ email, lineExtra }: MyOrdersProps) {
  const paging = usePaging(ORDERS_PAGE_SIZE);
  const purchases = usePurchases({ email, ...paging.params }, Boolean(email));
  const cancel = useCancelPurchaseAction();

  return (
    <>
      <OrdersTable
        query={purchases}
        paging={paging}
        empty={m.emptyMine}
        emptyAction={
          <ButtonLink to={paths.products} tone="primary">
            {m.browseProducts}
          </ButtonLink>
        }
        lineExtra={lineExtra}
        unpaid={(purchase) =>
          purchase.payable ? (
            <Button
              component={RouterLink}
              to={paths.payment.to(purchase._id)}
              size="small"
              variant="contained"
              startIcon={<CreditCardIcon />}
              aria-describedby={productCellId(purchase)}
              sx={{ letterSpacing: '0.08em', fontWeight: 800 }}
            >
              {m.pay}
            </Button>
          ) : (
            <PaidChip paid={false} />
          )
        }
        productExtra={(purchase) => <OrderPageLink purchase={purchase} />}
        actions={(purchase) => <CancelPurchaseButton purchase={purchase} cancel={cancel} lockedNote={m.deleteLocked} />}
        claimLink={claimLinkIn(paths.dashboard.myClaims)}
      />
      <CancelledOrders email={email} />
    </>
  );
}
