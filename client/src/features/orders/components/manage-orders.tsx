import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { useState } from 'react';
import { useListPaging } from '@/components/ui/paged-query';
import { cartMessages } from '@/config/cart-messages';
import { orderMessages } from '@/config/order-messages';
import { paths } from '@/config/paths';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { choiceParam, useUrlListState } from '@/lib/url-list-state';
import type { Purchase } from '../api/get-purchase';
import { usePurchases, type PurchaseStatus } from '../api/get-purchases';
import { useShipPurchase, type Tracking } from '../api/purchase-actions';
import { InvoiceButton } from './invoice-button';
import { CancelPurchaseButton, claimLinkIn, ORDERS_PAGE_SIZE, OrdersTable, productCellId, shipsUnpaid, useCancelPurchaseAction } from './order-parts';
import { ShipDialog } from './ship-dialog';

const m = orderMessages.orders;
const p = orderMessages.purchase;

const STATUS_FILTERS: { value: PurchaseStatus | 'all'; label: string }[] = [
  { value: 'all', label: m.filterAll },
  { value: 'unpaid', label: m.filterUnpaid },
  { value: 'paid', label: m.filterPaid },
  { value: 'shipped', label: m.filterShipped },
];

/** `?status=paid&page=2`: the list's filter and page, kept in the URL. */
const LIST_PARAMS = { status: choiceParam(STATUS_FILTERS.map((f) => f.value)) };

/** The status filter above the list: the server filters (GET /groups?status=). */
function StatusFilter({ value, onChange }: { value: PurchaseStatus | 'all'; onChange: (value: PurchaseStatus | 'all') => void }) {
  return (
    <TextField
      select
      size="small"
      label={m.filterLabel}
      value={value}
      onChange={(event) => onChange(event.target.value as PurchaseStatus | 'all')}
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
 * Manage Orders (admins): every purchase, or one status's (GET /groups, paged and counted by purchase),
 * with its number, customer, address and mobile; a purchase of several products opens to them. Ship Now
 * while pending (an unpaid one once the admin confirms) or with a carrier and tracking number, Delete until
 * paid, the invoice once paid: each on the purchase whole, never on one line of a cart.
 */
export function ManageOrders() {
  const toast = useToast();
  const list = useUrlListState(LIST_PARAMS);
  const paging = useListPaging(list, ORDERS_PAGE_SIZE);
  const { status } = list.values;
  const purchases = usePurchases({ ...paging.params, ...(status === 'all' ? {} : { status }) });
  const shipPurchase = useShipPurchase();
  const cancel = useCancelPurchaseAction();
  const [shipping, setShipping] = useState<Purchase | null>(null);
  // Ship Now as the spec has it: nothing but the shipment (an unpaid purchase once the admin confirms).
  const ship = useConfirmedAction(shipPurchase, { done: m.shippedToast });

  const shipWithTracking = (tracking: Tracking) => {
    if (!shipping) return;
    shipPurchase.mutate(
      { id: shipping._id, ...tracking },
      { onSuccess: () => (toast.success(m.shippedToast), setShipping(null)), onError: (error: Error) => toast.error(withReason(cartMessages.ship.failed, error)) },
    );
  };

  // No filter over a store without orders.
  const nothingAtAll = status === 'all' && purchases.data?.total === 0;
  return (
    <>
      <OrdersTable
        query={purchases}
        paging={paging}
        empty={status === 'all' ? m.emptyAll : m.emptyFiltered}
        toolbar={!nothingAtAll && <StatusFilter value={status} onChange={(next) => list.set({ status: next })} />}
        withCustomer
        claimLink={claimLinkIn(paths.dashboard.claims)}
        pendingLabel={m.pendingLabel}
        productExtra={(purchase) => purchase.invoiceNumber !== undefined && purchase.invoiceNumber > 0 && <InvoiceButton number={purchase.invoiceNumber} describedBy={productCellId(purchase)} />}
        actions={(purchase) => (
          <>
            {purchase.shipped ? (
              <Button size="small" variant="outlined" color="secondary" startIcon={<DoneAllIcon />} disabled aria-describedby={productCellId(purchase)}>
                {m.shipped}
              </Button>
            ) : (
              <>
                <Button
                  size="small"
                  variant="contained"
                  color="secondary"
                  startIcon={<LocalShippingOutlinedIcon />}
                  loading={shipPurchase.isPending && shipPurchase.variables?.id === purchase._id && !shipping}
                  loadingPosition="start"
                  onClick={() => ship.run({ id: purchase._id }, shipsUnpaid(purchase) ? m.confirmShipUnpaid : undefined)}
                  aria-describedby={productCellId(purchase)}
                >
                  {m.shipNow}
                </Button>
                <Button size="small" variant="outlined" color="secondary" onClick={() => setShipping(purchase)} aria-describedby={productCellId(purchase)}>
                  {cartMessages.ship.withTracking}
                </Button>
              </>
            )}
            <CancelPurchaseButton purchase={purchase} cancel={cancel} />
          </>
        )}
      />
      {shipping && (
        <Box>
          <ShipDialog
            title={p.shipTitle(shipping.number)}
            note={shipsUnpaid(shipping) ? m.confirmShipUnpaid : undefined}
            busy={shipPurchase.isPending}
            onShip={shipWithTracking}
            onClose={() => setShipping(null)}
          />
        </Box>
      )}
    </>
  );
}
