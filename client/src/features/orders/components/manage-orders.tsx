import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { orderMessages } from '@/config/order-messages';
import { errorMessage } from '@/lib/api-client';
import { useToast } from '@/lib/toast';
import type { Order } from '@/types/api';
import { formatCents } from '@/utils/format';
import { useAllOrders } from '../api/get-all-orders';
import { useShipOrder } from '../api/ship-order';
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

/** Manage Orders (admins): every order with its customer, Ship Now while pending, paid or unpaid, and Delete until paid. */
export function ManageOrders({ onStockChanged }: { onStockChanged?: () => unknown }) {
  const [page, setPage] = useState(0);
  const orders = useAllOrders({ limit: ORDERS_PAGE_SIZE, skip: page * ORDERS_PAGE_SIZE });
  const shipOrder = useShipOrder();
  const { remove, isRemoving } = useRemoveOrder(onStockChanged);
  const toast = useToast();

  useStepBackWhenEmpty(page, setPage, orders.data, orders.isPlaceholderData);

  const ship = (order: Order) =>
    shipOrder.mutate(order._id, {
      onSuccess: () => toast.success(m.shippedToast),
      onError: (error) => toast.error(error.message),
    });

  if (orders.isError) {
    return <ErrorMessage onRetry={() => void orders.refetch()}>{errorMessage(orders.error, m.loadFailed)}</ErrorMessage>;
  }
  if (!orders.data) return <LoadingSpinner />;

  const { items, total } = orders.data;
  if (total === 0) return <Typography color="text.secondary">{m.emptyAll}</Typography>;

  return (
    <OrdersFrame total={total} page={page} onPageChange={setPage}>
      <Table aria-label={m.tableLabel} sx={ordersTableSx(true)}>
        <TableHead>
          <TableRow>
            <TableCell>{m.columnCustomer}</TableCell>
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
            const shipping = shipOrder.isPending && shipOrder.variables === order._id;
            return (
              <TableRow key={order._id} hover data-testid="order-row">
                <TableCell className="order-customer">
                  <CellLabel>{m.columnCustomer}</CellLabel>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
                    {order.name}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {order.email}
                  </Typography>
                </TableCell>
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
                  <ShippingChip order={order} pendingLabel={m.pendingLabel} />
                </TableCell>
                <TableCell>
                  <CellLabel>{m.columnPayment}</CellLabel>
                  <PaidChip paid={paid} />
                  {order.transactionId && <TransactionId id={order.transactionId} />}
                </TableCell>
                <TableCell align="right" className="order-actions">
                  <div>
                    {order.shipped ? (
                      <Button size="small" variant="outlined" color="secondary" startIcon={<DoneAllIcon />} disabled aria-describedby={productCellId(order)}>
                        {m.shipped}
                      </Button>
                    ) : (
                      <Button
                        size="small"
                        variant="contained"
                        color="secondary"
                        startIcon={<LocalShippingOutlinedIcon />}
                        loading={shipping}
                        loadingPosition="start"
                        onClick={() => ship(order)}
                        aria-describedby={productCellId(order)}
                      >
                        {m.shipNow}
                      </Button>
                    )}
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
