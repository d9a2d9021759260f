import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { useListPaging } from '@/components/ui/paged-query';
import { orderMessages } from '@/config/order-messages';
import { paths } from '@/config/paths';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { choiceParam, useUrlListState } from '@/lib/url-list-state';
import { useAllOrders, type OrderStatus } from '../api/get-all-orders';
import { useShipOrder } from '../api/ship-order';
import { claimLinkIn, isPaid, ORDERS_PAGE_SIZE, OrdersTable, productCellId } from './order-parts';

const m = orderMessages.orders;

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

/**
 * Manage Orders (admins): every order, or one status's, with its number, customer, address and mobile;
 * Ship Now while pending (an unpaid order only once the admin confirms), and Delete until paid.
 */
export function ManageOrders({ onStockChanged }: { onStockChanged?: () => unknown }) {
  const list = useUrlListState(LIST_PARAMS);
  const paging = useListPaging(list, ORDERS_PAGE_SIZE);
  const { status } = list.values;
  const orders = useAllOrders({ ...paging.params, ...(status === 'all' ? {} : { status }) });
  const ship = useConfirmedAction(useShipOrder(), { done: m.shippedToast });

  // No filter over a store without orders.
  const nothingAtAll = status === 'all' && orders.data?.total === 0;
  return (
    <OrdersTable
      query={orders}
      paging={paging}
      empty={status === 'all' ? m.emptyAll : m.emptyFiltered}
      toolbar={
        !nothingAtAll && (
          <StatusFilter value={status} onChange={(next) => list.set({ status: next })} />
        )
      }
      withCustomer
      claimLink={claimLinkIn(paths.dashboard.claims)}
      pendingLabel={m.pendingLabel}
      actions={(order) =>
        order.shipped ? (
          <Button size="small" variant="outlined" color="secondary" startIcon={<DoneAllIcon />} disabled aria-describedby={productCellId(order)}>
            {m.shipped}
          </Button>
        ) : (
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
        )
      }
      onStockChanged={onStockChanged}
    />
  );
}
