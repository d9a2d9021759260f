import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { useState } from 'react';
import { DeleteButton } from '@/components/ui/delete-button';
import { useListPaging } from '@/components/ui/paged-query';
import { cartMessages } from '@/config/cart-messages';
import { orderMessages } from '@/config/order-messages';
import { paths } from '@/config/paths';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { choiceParam, useUrlListState } from '@/lib/url-list-state';
import { useAllOrders, type OrderStatus } from '../api/get-all-orders';
import { useCancelGroup, useShipGroup, type Tracking } from '../api/group-actions';
import { useShipOrder } from '../api/ship-order';
import { InvoiceButton } from './invoice-button';
import { claimLinkIn, isPaid, ORDERS_PAGE_SIZE, OrdersTable, productCellId, type GroupRow, type OrderRow } from './order-parts';
import { ShipDialog } from './ship-dialog';

const m = orderMessages.orders;
const g = cartMessages.group;

const STATUS_FILTERS: { value: OrderStatus | 'all'; label: string }[] = [
  { value: 'all', label: m.filterAll },
  { value: 'unpaid', label: m.filterUnpaid },
  { value: 'paid', label: m.filterPaid },
  { value: 'shipped', label: m.filterShipped },
];

/** `?status=paid&page=2`: the list's filter and page, kept in the URL. */
const LIST_PARAMS = { status: choiceParam(STATUS_FILTERS.map((f) => f.value)) };

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

type Shipping = { kind: 'order'; row: OrderRow } | { kind: 'group'; row: GroupRow };

function ShippedButton({ row }: { row: OrderRow }) {
  return (
    <Button size="small" variant="outlined" color="secondary" startIcon={<DoneAllIcon />} disabled aria-describedby={productCellId(row)}>
      {m.shipped}
    </Button>
  );
}

/**
 * Manage Orders (admins): every order, or one status's, with its number, customer, address and mobile;
 * an order group's orders as one row that opens (issue 34). Ship Now while pending, with an optional
 * carrier and tracking number (an unpaid order's dialog says it is unpaid), and Delete until paid
 * (a group: cancelled whole); the invoice once paid.
 */
export function ManageOrders() {
  const toast = useToast();
  const list = useUrlListState(LIST_PARAMS);
  const paging = useListPaging(list, ORDERS_PAGE_SIZE);
  const { status } = list.values;
  const orders = useAllOrders({ ...paging.params, ...(status === 'all' ? {} : { status }) });
  const shipOrder = useShipOrder();
  const shipGroup = useShipGroup();
  const cancel = useConfirmedAction(useCancelGroup(), { confirm: g.confirmCancel, done: g.cancelled });
  const [shipping, setShipping] = useState<Shipping | null>(null);
  // Ship Now as the spec has it: an empty body (an unpaid order once the admin confirms).
  const ship = useConfirmedAction(useShipOrder(), { done: m.shippedToast });

  const shipWithTracking = (tracking: Tracking) => {
    if (!shipping) return;
    const done = { onSuccess: () => (toast.success(shipping.kind === 'group' ? g.groupShipped : m.shippedToast), setShipping(null)), onError: (error: Error) => toast.error(withReason(cartMessages.ship.failed, error)) };
    if (shipping.kind === 'group') shipGroup.mutate({ id: shipping.row.group, ...tracking }, done);
    else shipOrder.mutate({ id: shipping.row._id, ...tracking }, done);
  };

  // No filter over a store without orders.
  const nothingAtAll = status === 'all' && orders.data?.total === 0;
  return (
    <>
      <OrdersTable
        query={orders}
        paging={paging}
        empty={status === 'all' ? m.emptyAll : m.emptyFiltered}
        toolbar={!nothingAtAll && <StatusFilter value={status} onChange={(next) => list.set({ status: next })} />}
        withCustomer
        claimLink={claimLinkIn(paths.dashboard.claims)}
        pendingLabel={m.pendingLabel}
        productExtra={(row) => row.invoiceNumber !== undefined && row.invoiceNumber > 0 && <InvoiceButton number={row.invoiceNumber} describedBy={productCellId(row)} />}
        actions={(order) =>
          order.shipped ? (
            <ShippedButton row={order} />
          ) : (
            <>
              <Button
                size="small"
                variant="contained"
                color="secondary"
                startIcon={<LocalShippingOutlinedIcon />}
                loading={ship.isRunning(order._id)}
                loadingPosition="start"
                // An unpaid order ships only once the admin confirms.
                onClick={() => ship.run(order._id, isPaid(order) ? undefined : m.confirmShipUnpaid)}
                aria-describedby={productCellId(order)}
              >
                {m.shipNow}
              </Button>
              <Button size="small" variant="outlined" color="secondary" onClick={() => setShipping({ kind: 'order', row: order })} aria-describedby={productCellId(order)}>
                {cartMessages.ship.withTracking}
              </Button>
            </>
          )
        }
        groupActions={(row) => (
          <>
            {row.shipped ? (
              <ShippedButton row={row} />
            ) : (
              <Button
                size="small"
                variant="contained"
                color="secondary"
                startIcon={<LocalShippingOutlinedIcon />}
                onClick={() => setShipping({ kind: 'group', row })}
                aria-describedby={productCellId(row)}
              >
                {g.shipGroup}
              </Button>
            )}
            {!isPaid(row) && !row.shipped && (
              <DeleteButton loading={cancel.isRunning(row.group)} onClick={() => cancel.run(row.group)} aria-describedby={productCellId(row)}>
                {m.remove}
              </DeleteButton>
            )}
          </>
        )}
      />
      {shipping && (
        <Box>
          <ShipDialog
            title={shipping.kind === 'group' ? cartMessages.ship.titleGroup : `${cartMessages.ship.title} ${m.orderNumberLong(shipping.row.number)}`}
            note={isPaid(shipping.row) ? undefined : m.confirmShipUnpaid}
            busy={shipOrder.isPending || shipGroup.isPending}
            onShip={shipWithTracking}
            onClose={() => setShipping(null)}
          />
        </Box>
      )}
    </>
  );
}
