import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { orderMessages } from '@/config/order-messages';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import type { Order } from '@/types/api';
import { formatCents } from '@/utils/format';
import { useMyOrders } from '../api/get-my-orders';
import {
  CellLabel,
  DeleteOrderButton,
  OrderProduct,
  OrdersFrame,
  ORDERS_PAGE_SIZE,
  ordersTableSx,
  PaidChip,
  productCellId,
  ShippingChip,
  TransactionId,
  useRemoveOrder,
  useStepBackWhenEmpty,
} from './order-parts';

const m = orderMessages.orders;

interface MyOrdersProps {
  /** The signed-in customer's email (undefined while the account loads). */
  email: string | undefined;
  /** Called after a delete was tried: a deleted order gives its stock back. */
  onStockChanged?: () => unknown;
  /** More about an order under its status (a replacement claim on a shipped order). */
  orderExtra?: (order: Order) => ReactNode;
}

/** My Orders: the customer's orders with their status, PAY while unpaid, and Delete until paid. */
export function MyOrders({ email, onStockChanged, orderExtra }: MyOrdersProps) {
  const [page, setPage] = useState(0);
  const orders = useMyOrders({ email, limit: ORDERS_PAGE_SIZE, skip: page * ORDERS_PAGE_SIZE });
  const { remove, isRemoving } = useRemoveOrder(onStockChanged);

  useStepBackWhenEmpty(page, setPage, orders.data, orders.isPlaceholderData);

  if (orders.isError) {
    return <ErrorMessage onRetry={() => void orders.refetch()}>{errorMessage(orders.error, m.loadFailed)}</ErrorMessage>;
  }
  if (!orders.data) return <LoadingSpinner />;

  const { items, total } = orders.data;
  if (total === 0) {
    return (
      <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
          {m.emptyMine}
        </Typography>
        <ButtonLink to={paths.products} tone="primary" style={{ marginTop: 16 }}>
          {m.browseProducts}
        </ButtonLink>
      </Box>
    );
  }

  return (
    <OrdersFrame total={total} page={page} onPageChange={setPage}>
      <Table aria-label={m.tableLabel} sx={ordersTableSx(false)}>
        <TableHead>
          <TableRow>
            <TableCell>{m.columnProduct}</TableCell>
            <TableCell align="right">{m.columnQuantity}</TableCell>
            <TableCell align="right">{m.columnTotal}</TableCell>
            <TableCell>{m.columnStatus}</TableCell>
            <TableCell>{m.columnPayment}</TableCell>
            <TableCell align="right">{m.columnActions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((order) => {
            const paid = order.paid || order.transactionId !== '';
            return (
              <TableRow key={order._id} hover data-testid="order-row">
                <TableCell className="order-product">
                  <OrderProduct order={order} />
                </TableCell>
                <TableCell align="right" className="order-number">
                  <CellLabel>{m.columnQuantity}</CellLabel>
                  {m.quantityPcs(order.productQuantity)}
                </TableCell>
                <TableCell align="right" className="order-number" sx={{ fontWeight: 700 }}>
                  <CellLabel>{m.columnTotal}</CellLabel>
                  {formatCents(order.amount)}
                </TableCell>
                <TableCell>
                  <CellLabel>{m.columnStatus}</CellLabel>
                  <ShippingChip order={order} />
                  {orderExtra?.(order)}
                </TableCell>
                <TableCell>
                  <CellLabel>{m.columnPayment}</CellLabel>
                  {paid ? (
                    <>
                      <PaidChip paid />
                      {order.transactionId && <TransactionId id={order.transactionId} />}
                    </>
                  ) : (
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
                </TableCell>
                <TableCell align="right" className="order-actions">
                  <div>
                    <DeleteOrderButton order={order} removing={isRemoving(order)} onRemove={remove} />
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </OrdersFrame>
  );
}
