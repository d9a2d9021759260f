import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DeleteButton } from '@/components/ui/delete-button';
import type { PagedQueryProps, PageQuery } from '@/components/ui/paged-query';
import { PagedTable, type Column } from '@/components/ui/paged-table';
import { Thumbnail } from '@/components/ui/thumbnail';
import Button from '@mui/material/Button';
import { cartMessages } from '@/config/cart-messages';
import { orderMessages } from '@/config/order-messages';
import { paths } from '@/config/paths';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import type { Order } from '@/types/api';
import { formatCents } from '@/utils/format';
import { formatDate } from '@/utils/format-date';
import { useDeleteOrder } from '../api/delete-order';
import { useGroup } from '../api/get-group';
import { FromQuote, OrderLines } from './group-summary';

const m = orderMessages.orders;

export const ORDERS_PAGE_SIZE = 20;

/** The id of an order's product cell: buttons on the row point at it (aria-describedby) for context. */
export const productCellId = (order: Order) => `order-${order._id}-product`;

/** The product's picture and name, the order's number, and when it was ordered. */
export function OrderProduct({ order }: { order: Order }) {
  const date = formatDate(order.createdAt);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Thumbnail src={order.image} width={48} height={36} />
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
    <Chip size="small" label={m.statusShipped} sx={{ ...chipSx, bgcolor: 'orderStatus.shipped.bg', color: 'orderStatus.shipped.text' }} />
  ) : (
    <Chip size="small" label={pendingLabel} sx={{ ...chipSx, bgcolor: 'orderStatus.pending.bg', color: 'orderStatus.pending.text' }} />
  );
}

export function PaidChip({ paid }: { paid: boolean }) {
  return paid ? (
    <Chip size="small" label={m.paid} sx={{ ...chipSx, bgcolor: 'orderStatus.paid.bg', color: 'orderStatus.paid.text' }} />
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

/** The claim a replacement order was made for. */
export type ReplacementRef = NonNullable<Order['replacementFor']>;

/** A link to one claim in a claims page: its card's heading is `claim-<id>` (the claim's number alone for old replacements). */
export const claimLinkIn = (page: string) => (claim: ReplacementRef) => (claim.claimId ? `${page}#claim-${claim.claimId}` : page);

/** A replacement order's payment: which claim it replaces, linked to that claim (in place of its transaction id). */
export function ReplacementFor({ claim, to }: { claim: ReplacementRef; to: string }) {
  return (
    <Typography component="span" variant="body2" sx={{ display: 'block', mt: 0.5, fontWeight: 700 }}>
      <Link component={RouterLink} to={to} data-testid="replacement-for" sx={{ color: 'info.main' }}>
        {m.replacementFor(claim.number)}
      </Link>
    </Typography>
  );
}

/**
 * The table's look. Wide (over 1000px of room): a row per order. Narrower
 * (beside the dashboard menu, a tablet): each order is a block of two lines,
 * the product (and customer) above, the figures below, the buttons at the
 * side. A phone (480px or less): a block of stacked pairs.
 */
function ordersTableSx(withCustomer: boolean): SxProps<Theme> {
  return {
    '& th, & td': { px: 1.5 },
    '& th:first-of-type, & td:first-of-type': { pl: { xs: 2, sm: 3 } },
    '& th:last-of-type, & td:last-of-type': { pr: { xs: 2, sm: 3 } },
    '& td.order-product': { minWidth: 220 },
    // The buttons keep their labels whole (no text past a border: issue 47) and wrap to a second line instead.
    '& td.order-actions > div': { display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' },
    '& td.order-actions a, & td.order-actions button': { whiteSpace: 'nowrap', flexShrink: 0 },
    '& td.order-number': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    // A greyed Delete with the note under it that says why.
    '& td.order-actions .order-delete': { display: 'grid', gap: 0.5, justifyItems: 'end', textAlign: 'right' },
    '@container (max-width: 1000px)': {
      '& tbody tr': { gap: 1.5, px: { xs: 2, sm: 3 } },
      '& tbody td:first-of-type, & tbody td:last-of-type': { p: 0 },
    },
    '@container (min-width: 481px) and (max-width: 1000px)': {
      // The buttons' column has one width for every row, so the blocks' columns line up.
      '& tbody tr': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.4fr) 8rem', columnGap: 2.5 },
      '& td.order-product': { gridRow: 1, gridColumn: withCustomer ? '1 / 3' : '1 / 5' },
      '& td.order-customer': { gridRow: 1, gridColumn: '3 / 5' },
      '& td.order-actions': { gridColumn: 5, gridRow: '1 / span 2', alignSelf: 'center' },
      '& td.order-actions > div': { flexDirection: 'column', alignItems: 'stretch' },
      '& td.order-actions .order-delete': { justifyItems: 'stretch', textAlign: 'left' },
    },
    '@container (max-width: 480px)': {
      '& tbody tr': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
      '& td.order-product, & td.order-customer, & td.order-actions': { gridColumn: '1 / -1' },
      '& td.order-actions > div': { justifyContent: 'flex-start', flexWrap: 'wrap' },
      '& td.order-actions .order-delete': { justifyItems: 'start', textAlign: 'left' },
    },
  };
}

/** Paid, as the lists show it: a transaction id means a payment was recorded. */
export function isPaid(order: Order): boolean {
  return order.paid || order.transactionId !== '';
}

/** The customer's name and email, and where the order goes. */
function OrderCustomer({ order }: { order: Order }) {
  return (
    <>
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
    </>
  );
}

/**
 * A row of the order lists: an order, or the orders of one group on this
 * page as one row (issue 34), its figures summed and its fields (customer,
 * address, dates) the first order's.
 */
export type OrderRow = Order & { members?: Order[] };
export type GroupRow = OrderRow & { members: Order[]; group: string };

export const isGroupRow = (row: OrderRow): row is GroupRow => row.members !== undefined && row.group !== undefined;

/** The page's orders with each group's orders folded into one row, where its first order stands. */
export function groupRows(orders: readonly Order[]): OrderRow[] {
  const rows: OrderRow[] = [];
  const groups = new Map<string, GroupRow>();
  for (const order of orders) {
    if (!order.group) {
      rows.push(order);
      continue;
    }
    const row = groups.get(order.group);
    if (row) {
      row.members.push(order);
      continue;
    }
    const created: GroupRow = { ...order, _id: `group-${order.group}`, group: order.group, members: [order] };
    groups.set(order.group, created);
    rows.push(created);
  }
  for (const row of groups.values()) {
    const all = row.members;
    row.productQuantity = all.reduce((n, o) => n + o.productQuantity, 0);
    row.amount = all.reduce((n, o) => n + o.amount, 0);
    row.paid = all.every((o) => o.paid);
    row.shipped = all.every((o) => o.shipped);
    row.pending = !row.shipped;
    row.transactionId = all.every((o) => o.transactionId !== '') ? (all[0]?.transactionId ?? '') : '';
  }
  return rows;
}

/** A group's row's product cell: its number, PO and company (GET /groups/{id}), and its orders, shown on demand. */
export function GroupProduct({ row, linkLines = false }: { row: GroupRow; linkLines?: boolean }) {
  const [open, setOpen] = useState(false);
  const group = useGroup(row.group);
  const g = cartMessages.group;
  const number = group.data?.number;
  const linesId = `group-${row.group}-lines`;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Typography id={productCellId(row)} component="span" data-testid="group-number" sx={{ display: 'block', fontWeight: 800 }}>
        {number === undefined ? g.groupPending : g.groupLabel(number)}
      </Typography>
      {group.data && <FromQuote group={group.data} />}
      {group.data?.poNumber && (
        <Typography component="span" variant="body2" data-testid="group-po" sx={{ display: 'block' }}>
          {g.poNumber}: {group.data.poNumber}
        </Typography>
      )}
      {group.data?.company && (
        <Typography component="span" variant="body2" data-testid="group-company" sx={{ display: 'block' }}>
          {g.company}: {group.data.company}
        </Typography>
      )}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {g.orderCount(group.data?.orders.length ?? row.members.length)}
        {formatDate(row.createdAt) && ` · ${m.orderedOn(formatDate(row.createdAt))}`}
      </Typography>
      <Box>
        <Button size="small" color="secondary" onClick={() => setOpen((v) => !v)} aria-expanded={open} aria-controls={linesId} data-testid="group-toggle">
          {number === undefined ? g.orderCount(row.members.length) : open ? g.collapse(number) : g.expand(number)}
        </Button>
      </Box>
      <Box id={linesId} hidden={!open}>
        {open && <OrderLines orders={group.data?.orders ?? row.members} statuses link={linkLines} />}
      </Box>
    </Box>
  );
}

/** A group row's link to its order page (the buyer's), or the order's. */
export function OrderPageLink({ row }: { row: OrderRow }) {
  const id = isGroupRow(row) ? (row.members[0]?._id ?? row._id) : row._id;
  return (
    <Link component={RouterLink} to={paths.dashboard.order.to(id)} data-testid="order-page-link" aria-label={cartMessages.order.openLabel(row.number)} sx={{ display: 'inline-block', mt: 0.5, fontWeight: 700, color: 'info.main' }}>
      {cartMessages.order.open}
    </Link>
  );
}

interface OrdersTableProps extends Pick<PagedQueryProps<Order>, 'query' | 'paging' | 'empty' | 'emptyAction' | 'toolbar'> {
  /** A group row's buttons in place of an order's (pay or cancel as a group, ship a group). */
  groupActions?: (row: GroupRow) => ReactNode;
  /** The payment cell of an unpaid group (default: the unpaid chip). */
  unpaidGroup?: (row: GroupRow) => ReactNode;
  /** More under the product (a link to the order page). */
  productExtra?: (row: OrderRow) => ReactNode;
  /** Group rows' lines link to their order pages (the buyer's). */
  linkLines?: boolean;
  /** The customer's name, email, address and mobile first (Manage Orders). */
  withCustomer?: boolean;
  /** The status chip's text while the order is pending. */
  pendingLabel?: string;
  /** More under the status (a replacement claim on a shipped order). */
  statusExtra?: (order: Order) => ReactNode;
  /** The payment cell of an unpaid order (default: the unpaid chip). */
  unpaid?: (order: Order) => ReactNode;
  /** The row's buttons before Delete. */
  actions?: (order: Order) => ReactNode;
  /** Said under a paid (or shipped) order's greyed Delete, and read with it: why it cannot be deleted. */
  lockedNote?: string;
  /** Where a replacement order's "Replacement for claim #N" leads (the buyer's claims, or the admins'). */
  claimLink: (claim: ReplacementRef) => string;
}

/** Both order lists: the product, quantity, total, status and payment of each order, and Delete until paid. */
export function OrdersTable({
  withCustomer = false,
  pendingLabel,
  statusExtra,
  unpaid,
  actions,
  groupActions,
  unpaidGroup,
  productExtra,
  linkLines = false,
  lockedNote,
  claimLink,
  query,
  ...list
}: OrdersTableProps) {
  const remove = useConfirmedAction(useDeleteOrder(), { confirm: m.confirmDelete, done: m.removed, gone: m.alreadyDeleted });
  const items = query.data?.items;
  const rows = useMemo(() => (items ? groupRows(items) : undefined), [items]);
  const rowsQuery: PageQuery<OrderRow> = { ...query, data: query.data && rows ? { items: rows, total: query.data.total } : undefined };
  const columns: Column<OrderRow>[] = [
    ...(withCustomer
      ? [{ key: 'customer', header: m.columnCustomer, className: 'order-customer', labelled: true, render: (order: OrderRow) => <OrderCustomer order={order} /> }]
      : []),
    {
      key: 'product',
      header: m.columnProduct,
      className: 'order-product',
      render: (row) => (
        <>
          {isGroupRow(row) ? <GroupProduct row={row} linkLines={linkLines} /> : <OrderProduct order={row} />}
          {productExtra?.(row)}
        </>
      ),
    },
    { key: 'quantity', header: m.columnQuantity, align: 'right', className: 'order-number', labelled: true, render: (order) => m.quantityPcs(order.productQuantity) },
    { key: 'total', header: m.columnTotal, align: 'right', className: 'order-number', sx: { fontWeight: 700 }, labelled: true, render: (order) => formatCents(order.amount) },
    {
      key: 'status',
      header: m.columnStatus,
      labelled: true,
      render: (order) => (
        <>
          <ShippingChip order={order} pendingLabel={pendingLabel} />
          {statusExtra?.(order)}
        </>
      ),
    },
    {
      key: 'payment',
      header: m.columnPayment,
      labelled: true,
      render: (order) =>
        isPaid(order) ? (
          <>
            <PaidChip paid />
            {order.replacementFor ? (
              <ReplacementFor claim={order.replacementFor} to={claimLink(order.replacementFor)} />
            ) : (
              order.transactionId && <TransactionId id={order.transactionId} />
            )}
          </>
        ) : isGroupRow(order) ? (
          (unpaidGroup?.(order) ?? <PaidChip paid={false} />)
        ) : (
          (unpaid?.(order) ?? <PaidChip paid={false} />)
        ),
    },
    {
      key: 'actions',
      header: m.columnActions,
      align: 'right',
      className: 'order-actions',
      render: (order) => {
        if (isGroupRow(order)) return <div>{groupActions?.(order)}</div>;
        const locked = order.transactionId !== '' || order.shipped;
        const noteId = `order-${order._id}-delete-note`;
        const button = (
          <DeleteButton
            disabled={locked}
            loading={remove.isRunning(order._id)}
            onClick={() => remove.run(order._id)}
            aria-describedby={locked && lockedNote ? `${productCellId(order)} ${noteId}` : productCellId(order)}
          >
            {m.remove}
          </DeleteButton>
        );
        return (
          <div>
            {actions?.(order)}
            {locked && lockedNote ? (
              <Box className="order-delete">
                {button}
                <Typography id={noteId} variant="caption" color="text.secondary" data-testid="delete-locked" sx={{ display: 'block', maxWidth: '14rem', lineHeight: 1.35 }}>
                  {lockedNote}
                </Typography>
              </Box>
            ) : (
              button
            )}
          </div>
        );
      },
    },
  ];
  return (
    <PagedTable
      {...list}
      query={rowsQuery}
      columns={columns}
      label={m.tableLabel}
      count={m.count}
      loadFailed={m.loadFailed}
      rowTestId="order-row"
      stackBelow={1000}
      sx={ordersTableSx(withCustomer)}
    />
  );
}
