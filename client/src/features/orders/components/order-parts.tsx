import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useEffect, type ReactNode } from 'react';
import { orderMessages } from '@/config/order-messages';
import { useToast } from '@/lib/toast';
import type { Order } from '@/types/api';
import { useDeleteOrder } from '../api/delete-order';

const m = orderMessages.orders;

export const ORDERS_PAGE_SIZE = 20;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** The id of an order's product cell: buttons on the row point at it (aria-describedby) for context. */
export const productCellId = (order: Order) => `order-${order._id}-product`;

/** The product's picture and name, the order's number, and when it was ordered. */
export function OrderProduct({ order }: { order: Order }) {
  const date = formatOrderDate(order.createdAt);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Box
        component="img"
        src={order.image}
        alt=""
        width={48}
        height={36}
        loading="lazy"
        decoding="async"
        sx={{ flexShrink: 0, width: 48, height: 36, objectFit: 'cover', borderRadius: 1, bgcolor: '#eef0f3' }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography id={productCellId(order)} component="span" sx={{ display: 'block', fontWeight: 700, lineHeight: 1.35 }}>
          {order.productName}
        </Typography>
        {order.number > 0 && (
          <Typography component="span" variant="body2" data-testid="order-number" sx={{ display: 'block', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {m.orderNumberLong(order.number)}
          </Typography>
        )}
        {date && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {m.orderedOn(date)}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

const chipSx = { fontWeight: 800, letterSpacing: '0.04em' } as const;

/** pending or shipped; Manage Orders shows the spec's PAINDING while pending. */
export function ShippingChip({ order, pendingLabel = m.statusPending }: { order: Order; pendingLabel?: string }) {
  return order.shipped ? (
    <Chip size="small" label={m.statusShipped} sx={{ ...chipSx, bgcolor: '#e3eefb', color: '#0b4a8b' }} />
  ) : (
    <Chip size="small" label={pendingLabel} sx={{ ...chipSx, bgcolor: '#fff4d1', color: '#6b4d00' }} />
  );
}

export function PaidChip({ paid }: { paid: boolean }) {
  return paid ? (
    <Chip size="small" label={m.paid} sx={{ ...chipSx, bgcolor: '#e3f4e8', color: '#14632f' }} />
  ) : (
    <Chip size="small" label={m.unpaid} variant="outlined" sx={{ ...chipSx, color: 'text.secondary' }} />
  );
}

/** "Transaction id" and the id, which can be long: it wraps anywhere. */
export function TransactionId({ id }: { id: string }) {
  return (
    <Typography component="span" variant="body2" sx={{ display: 'block', mt: 0.5, color: 'text.secondary', overflowWrap: 'anywhere' }}>
      {m.transactionId}:{' '}
      <Box component="span" data-testid="transaction-id" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', color: 'text.primary' }}>
        {id}
      </Box>
    </Typography>
  );
}

/**
 * The table's look. Wide (over 1000px of room): a row per order. Narrower
 * (beside the dashboard menu, a tablet): each order is a block of two lines,
 * the product (and customer) above, the figures below, the buttons at the
 * side. A phone (480px or less): a block of stacked pairs.
 */
export function ordersTableSx(withCustomer: boolean): SxProps<Theme> {
  return {
    '& th': { fontWeight: 800, color: 'text.secondary', fontSize: '0.78rem', letterSpacing: '0.08em', textTransform: 'uppercase', bgcolor: '#f8f9fa', whiteSpace: 'nowrap' },
    '& th, & td': { px: 1.5 },
    '& th:first-of-type, & td:first-of-type': { pl: { xs: 2, sm: 3 } },
    '& th:last-of-type, & td:last-of-type': { pr: { xs: 2, sm: 3 } },
    '& tbody tr:last-of-type td': { borderBottom: 0 },
    '& td.order-product': { minWidth: 220 },
    '& td.order-actions > div': { display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'nowrap' },
    '& td.order-actions a, & td.order-actions button': { whiteSpace: 'nowrap' },
    '& td.order-number': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    '& .cell-label': { display: 'none' },
    '@container (max-width: 1000px)': {
      '& thead': { display: 'none' },
      '& tbody tr': { display: 'grid', gap: 1.5, px: { xs: 2, sm: 3 }, py: 2, borderBottom: 1, borderColor: 'divider' },
      '& tbody tr:last-of-type': { borderBottom: 0 },
      '& tbody td, & tbody td:first-of-type, & tbody td:last-of-type': { border: 0, p: 0, textAlign: 'left', minWidth: 0 },
      '& .cell-label': { display: 'block', fontSize: '0.72rem', fontWeight: 800, letterSpacing: '0.08em', textTransform: 'uppercase', color: 'text.secondary', mb: 0.25 },
    },
    '@container (min-width: 481px) and (max-width: 1000px)': {
      // The buttons' column has one width for every row, so the blocks' columns line up.
      '& tbody tr': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.4fr) 8rem', columnGap: 2.5 },
      '& td.order-product': { gridRow: 1, gridColumn: withCustomer ? '1 / 3' : '1 / 5' },
      '& td.order-customer': { gridRow: 1, gridColumn: '3 / 5' },
      '& td.order-actions': { gridColumn: 5, gridRow: '1 / span 2', alignSelf: 'center' },
      '& td.order-actions > div': { flexDirection: 'column', alignItems: 'stretch' },
    },
    '@container (max-width: 480px)': {
      '& tbody tr': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
      '& td.order-product, & td.order-customer, & td.order-actions': { gridColumn: '1 / -1' },
      '& td.order-actions > div': { justifyContent: 'flex-start', flexWrap: 'wrap' },
    },
  };
}

/** A cell's column name, shown above its value when the table is a list of blocks. */
export function CellLabel({ children }: { children: ReactNode }) {
  return (
    <Box component="span" className="cell-label" aria-hidden="true">
      {children}
    </Box>
  );
}

interface OrdersFrameProps {
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  children: ReactNode;
}

/** The bordered box around an order list: the count above, pages below when there are more. */
export function OrdersFrame({ total, page, onPageChange, children }: OrdersFrameProps) {
  return (
    <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', containerType: 'inline-size' }}>
      <Box sx={{ px: { xs: 2, sm: 3 }, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography sx={{ fontWeight: 700 }}>{m.count(total)}</Typography>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>{children}</Box>
      {total > ORDERS_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          onPageChange={(_, next) => onPageChange(next)}
          rowsPerPage={ORDERS_PAGE_SIZE}
          rowsPerPageOptions={[]}
          sx={{ borderTop: 1, borderColor: 'divider' }}
        />
      )}
    </Box>
  );
}

/** Delete as both order lists do it: the spec's confirm, then a toast either way. */
export function useRemoveOrder(onStockChanged?: () => unknown) {
  const deleteOrder = useDeleteOrder({ onSettled: onStockChanged });
  const toast = useToast();
  const remove = (order: Order) => {
    if (!window.confirm(m.confirmDelete)) return;
    deleteOrder.mutate(order._id, {
      onSuccess: (result) => {
        if (result.deletedCount > 0) toast.success(m.removed);
      },
      onError: (error) => toast.error(error.message),
    });
  };
  const isRemoving = (order: Order) => deleteOrder.isPending && deleteOrder.variables === order._id;
  return { remove, isRemoving };
}

/** Delete, disabled once the order has a transaction id or has shipped (the server refuses both). */
export function DeleteOrderButton({ order, removing, onRemove }: { order: Order; removing: boolean; onRemove: (order: Order) => void }) {
  return (
    <Button
      size="small"
      variant="outlined"
      color="error"
      startIcon={<DeleteOutlineIcon />}
      disabled={order.transactionId !== '' || order.shipped}
      loading={removing}
      loadingPosition="start"
      onClick={() => onRemove(order)}
      aria-describedby={productCellId(order)}
    >
      {m.remove}
    </Button>
  );
}

/** When the last order of a later page goes, show the page before. */
export function useStepBackWhenEmpty(page: number, setPage: (update: (p: number) => number) => void, data: { items: unknown[] } | undefined, isPlaceholderData: boolean) {
  const emptyLaterPage = page > 0 && data !== undefined && data.items.length === 0 && !isPlaceholderData;
  useEffect(() => {
    if (emptyLaterPage) setPage((p) => p - 1);
  }, [emptyLaterPage, setPage]);
}
