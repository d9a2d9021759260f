import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
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
import { useAllOrders, type OrderStatus } from '../api/get-all-orders';
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

const STATUS_FILTERS: { value: OrderStatus | 'all'; label: string }[] = [
  { value: 'all', label: m.filterAll },
  { value: 'unpaid', label: m.filterUnpaid },
  { value: 'paid', label: m.filterPaid },
  { value: 'shipped', label: m.filterShipped },
];

/** The status filter above the list: the server filters (GET /orders?status=). */
function StatusFilter({ value, onChange }: { value: OrderStatus | 'all'; onChange: (value: OrderStatus | 'all') => void }) {
  return (
    <TextField
      select
      size="small"
      label={m.filterLabel}
      value={value}
      onChange={(event) => onChange(event.target.value as OrderStatus | 'all')}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 220, mb: 2 }}
    >
      {STATUS_FILTERS.map((f) => (
        <option key={f.value} value={f.value}>
          {f.label}
        </option>
      ))}
    </TextField>
  );
}

/**
 * Manage Orders (admins): every order, or one status's, with its number, customer, address and mobile;
 * Ship Now while pending (an unpaid order only once the admin confirms), and Delete until paid.
 */
export function ManageOrders({ onStockChanged }: { onStockChanged?: () => unknown }) {
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<OrderStatus | 'all'>('all');
  const orders = useAllOrders({ limit: ORDERS_PAGE_SIZE, skip: page * ORDERS_PAGE_SIZE, ...(status === 'all' ? {} : { status }) });
  const shipOrder = useShipOrder();
  const { remove, isRemoving } = useRemoveOrder(onStockChanged);
  const toast = useToast();

  useStepBackWhenEmpty(page, setPage, orders.data, orders.isPlaceholderData);

  const ship = (order: Order) => {
    if (!isPaid(order) && !window.confirm(m.confirmShipUnpaid)) return;
    shipOrder.mutate(order._id, {
      onSuccess: () => toast.success(m.shippedToast),
      onError: (error) => toast.error(error.message),
    });
  };

  const filter = (
    <StatusFilter
      value={status}
      onChange={(next) => {
        setStatus(next);
        setPage(0);
      }}
    />
  );

  if (orders.isError) {
    return (
      <>
        {filter}
        <ErrorMessage onRetry={() => void orders.refetch()}>{errorMessage(orders.error, m.loadFailed)}</ErrorMessage>
      </>
    );
  }
  if (!orders.data) return <LoadingSpinner />;

  const { items, total } = orders.data;
  if (total === 0 && status === 'all') return <Typography color="text.secondary">{m.emptyAll}</Typography>;

  return (
    <>
      {filter}
      {total === 0 ? (
        <Typography color="text.secondary">{m.emptyFiltered}</Typography>
      ) : (
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
                const paid = isPaid(order);
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
                      <Box component="dl" sx={{ m: 0, mt: 0.75, fontSize: '0.875rem', '& dt': { fontWeight: 700, color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
                        <dt>{m.shipTo}</dt>
                        <dd data-testid="order-address">{order.address}</dd>
                        <dt>{m.mobile}</dt>
                        <dd data-testid="order-mobile">{order.mobile}</dd>
                      </Box>
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
      )}
    </>
  );
}

/** Paid, as the list shows it: a transaction id means a payment was recorded. */
function isPaid(order: Order): boolean {
  return order.paid || order.transactionId !== '';
}
