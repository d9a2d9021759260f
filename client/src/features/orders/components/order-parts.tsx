import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DeleteButton } from '@/components/ui/delete-button';
import type { PagedQueryProps } from '@/components/ui/paged-query';
import { PagedTable, type Column } from '@/components/ui/paged-table';
import { Thumbnail } from '@/components/ui/thumbnail';
import { cartMessages } from '@/config/cart-messages';
import { orderMessages } from '@/config/order-messages';
import { paths } from '@/config/paths';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import type { Order } from '@/types/api';
import { formatCents } from '@/utils/format';
import { formatDate } from '@/utils/format-date';
import type { Purchase, PurchaseLine } from '../api/get-purchase';
import { useCancelPurchase } from '../api/purchase-actions';
import { FromQuote, PurchaseLines, PurchaseReferences } from './purchase-summary';

const m = orderMessages.orders;
const p = orderMessages.purchase;

export const ORDERS_PAGE_SIZE = 20;

/** The id of a purchase's product cell: buttons on the row point at it (aria-describedby) for context. */
export const productCellId = (purchase: Pick<Purchase, '_id'>) => `order-${purchase._id}-product`;

/** A purchase of one product shows that product; one of several shows how many, and opens to them. */
export const isSingle = (purchase: Pick<Purchase, 'orders'>) => purchase.orders.length === 1;

const chipSx = { fontWeight: 800, letterSpacing: '0.04em' } as const;

/** pending or shipped; Manage Orders shows the spec's PAINDING while pending. */
export function ShippingChip({ shipped, pendingLabel = m.statusPending }: { shipped: boolean; pendingLabel?: string }) {
  return shipped ? (
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
 * The table's look. Wide (over 1000px of room): a row per purchase. Narrower
 * (beside the dashboard menu, a tablet): each purchase is a block of two lines,
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
export function isPaid(purchase: Pick<Purchase, 'paid' | 'transactionId'>): boolean {
  return purchase.paid || Boolean(purchase.transactionId);
}

/** Shipping it asks first when it is unpaid, unless it is on its company's account: invoiced when it ships (issue 45). */
export function shipsUnpaid(purchase: Pick<Purchase, 'paid' | 'transactionId' | 'state'>): boolean {
  return !isPaid(purchase) && purchase.state !== 'on_account';
}

/** The buyer's name and email, and where the purchase goes (each line ships to the same address). */
function PurchaseCustomer({ purchase }: { purchase: Purchase }) {
  const line = purchase.orders[0];
  return (
    <>
      <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
        {line?.name}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {purchase.email}
      </Typography>
      <Box component="dl" sx={{ m: 0, mt: 0.75, fontSize: '0.875rem', '& dt': { fontWeight: 700, color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
        <dt>{m.shipTo}</dt>
        <dd data-testid="order-address">{line?.address}</dd>
        <dt>{m.mobile}</dt>
        <dd data-testid="order-mobile">{line?.mobile}</dd>
      </Box>
    </>
  );
}

/**
 * A purchase's product cell: its number and date; one product's picture and name, or how many products
 * it holds (shown on demand), with the quote it came from and the PO reference and company given.
 */
export function PurchaseCell({ purchase, lineExtra }: { purchase: Purchase; lineExtra?: (line: PurchaseLine) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const date = formatDate(purchase.createdAt);
  const single = isSingle(purchase) ? purchase.orders[0] : undefined;
  const number = (
    <Typography component="span" variant={single ? 'body2' : undefined} data-testid="order-number" sx={{ display: 'block', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
      {m.orderNumberLong(purchase.number)}
    </Typography>
  );
  const when = date && (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
      {single ? m.orderedOn(date) : `${p.lineCount(purchase.orders.length)} · ${m.orderedOn(date)}`}
    </Typography>
  );
  if (single) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        <Thumbnail src={single.image} width={48} height={36} />
        <Box sx={{ minWidth: 0 }}>
          <Typography id={productCellId(purchase)} component="span" sx={{ display: 'block', fontWeight: 700, lineHeight: 1.35 }}>
            {single.productName}
          </Typography>
          {number}
          {when}
          <FromQuote purchase={purchase} />
        </Box>
      </Box>
    );
  }
  const linesId = `order-${purchase._id}-lines`;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Box id={productCellId(purchase)}>{number}</Box>
      {when}
      <FromQuote purchase={purchase} />
      <PurchaseReferences purchase={purchase} />
      <Box>
        <Button size="small" color="secondary" onClick={() => setOpen((v) => !v)} aria-expanded={open} aria-controls={linesId} data-testid="lines-toggle">
          {open ? p.hideLines(purchase.number) : p.showLines(purchase.number)}
        </Button>
      </Box>
      <Box id={linesId} hidden={!open}>
        {open && <PurchaseLines purchase={purchase} lineExtra={lineExtra} />}
      </Box>
    </Box>
  );
}

/** A purchase's link to its order page (the buyer's). */
export function OrderPageLink({ purchase }: { purchase: Pick<Purchase, '_id' | 'number'> }) {
  return (
    <Link
      component={RouterLink}
      to={paths.dashboard.order.to(purchase._id)}
      data-testid="order-page-link"
      aria-label={p.detailsLabel(purchase.number)}
      sx={{ display: 'inline-block', mt: 0.5, fontWeight: 700, color: 'info.main' }}
    >
      {cartMessages.order.open}
    </Link>
  );
}

/**
 * Cancelling a purchase whole (DELETE /groups/{id}), asked first and said after: a purchase of one
 * product keeps the spec's Delete and its question; one of several says it cancels every product.
 */
export function useCancelPurchaseAction({ onDone }: { onDone?: () => unknown } = {}) {
  const several = useRef(false);
  const action = useConfirmedAction(useCancelPurchase(), {
    done: () => (several.current ? p.cancelled : m.removed),
    gone: m.alreadyDeleted,
    onDone,
  });
  return {
    run: (purchase: Purchase) => {
      several.current = !isSingle(purchase);
      action.run(purchase._id, several.current ? p.confirmCancel : m.confirmDelete);
    },
    isRunning: (purchase: Purchase) => action.isRunning(purchase._id),
  };
}

interface CancelButtonProps {
  purchase: Purchase;
  cancel: ReturnType<typeof useCancelPurchaseAction>;
  /** Said under a paid (or shipped) purchase's greyed button, and read with it: why it cannot be cancelled. */
  lockedNote?: string;
  /** Outside a list (the order page): the button's own name, as no row's product cell describes it. */
  standalone?: boolean;
}

/** Delete (one product) or Cancel order (several): greyed once paid or shipped, with the note that says why. */
export function CancelPurchaseButton({ purchase, cancel, lockedNote, standalone = false }: CancelButtonProps) {
  const locked = isPaid(purchase) || purchase.shipped;
  const noteId = `order-${purchase._id}-delete-note`;
  const single = isSingle(purchase);
  const described = [!standalone && productCellId(purchase), locked && lockedNote && noteId].filter(Boolean).join(' ');
  const button = (
    <DeleteButton
      disabled={locked}
      loading={cancel.isRunning(purchase)}
      onClick={() => cancel.run(purchase)}
      aria-label={standalone ? p.cancelLabel(purchase.number) : undefined}
      aria-describedby={described || undefined}
    >
      {single ? m.remove : p.cancel}
    </DeleteButton>
  );
  if (!locked || !lockedNote) return button;
  return (
    <Box className="order-delete">
      {button}
      <Typography id={noteId} variant="caption" color="text.secondary" data-testid="delete-locked" sx={{ display: 'block', maxWidth: '14rem', lineHeight: 1.35 }}>
        {lockedNote}
      </Typography>
    </Box>
  );
}

interface OrdersTableProps extends Pick<PagedQueryProps<Purchase>, 'query' | 'paging' | 'empty' | 'emptyAction' | 'toolbar'> {
  /** The customer's name, email, address and mobile first (Manage Orders). */
  withCustomer?: boolean;
  /** The status chip's text while the purchase is pending. */
  pendingLabel?: string;
  /** More about a line (a claim on a shipped product): under the status of a purchase of one product, under each line otherwise. */
  lineExtra?: (line: PurchaseLine) => ReactNode;
  /** The payment cell of an unpaid purchase (default: the unpaid chip). */
  unpaid?: (purchase: Purchase) => ReactNode;
  /** More under the product (a link to the order page, the invoice). */
  productExtra?: (purchase: Purchase) => ReactNode;
  /** The row's buttons. */
  actions: (purchase: Purchase) => ReactNode;
  /** Where a replacement order's "Replacement for claim #N" leads (the buyer's claims, or the admins'). */
  claimLink: (claim: ReplacementRef) => string;
}

/**
 * Both order lists (issue 43): a row per purchase, as GET /groups pages them, so a cart is never split
 * across pages. Its product (or how many it holds), quantity, total, status and payment, and its actions,
 * each on the purchase whole, never per line.
 */
export function OrdersTable({ withCustomer = false, pendingLabel, lineExtra, unpaid, actions, productExtra, claimLink, ...list }: OrdersTableProps) {
  const columns: Column<Purchase>[] = [
    ...(withCustomer
      ? [{ key: 'customer', header: m.columnCustomer, className: 'order-customer', labelled: true, render: (purchase: Purchase) => <PurchaseCustomer purchase={purchase} /> }]
      : []),
    {
      key: 'product',
      header: m.columnProduct,
      className: 'order-product',
      render: (purchase) => (
        <>
          <PurchaseCell purchase={purchase} lineExtra={lineExtra} />
          {productExtra?.(purchase)}
        </>
      ),
    },
    {
      key: 'quantity',
      header: m.columnQuantity,
      align: 'right',
      className: 'order-number',
      labelled: true,
      // Pieces of one product; of several products, how many products (pieces of unlike things are never added).
      render: (purchase) => (isSingle(purchase) ? m.quantityPcs(purchase.orders[0]?.productQuantity ?? 0) : p.lineCount(purchase.orders.length)),
    },
    { key: 'total', header: m.columnTotal, align: 'right', className: 'order-number', sx: { fontWeight: 700 }, labelled: true, render: (purchase) => formatCents(purchase.amount) },
    {
      key: 'status',
      header: m.columnStatus,
      labelled: true,
      render: (purchase) => (
        <>
          <ShippingChip shipped={purchase.shipped} pendingLabel={pendingLabel} />
          {isSingle(purchase) && purchase.orders[0] && lineExtra?.(purchase.orders[0])}
        </>
      ),
    },
    {
      key: 'payment',
      header: m.columnPayment,
      labelled: true,
      render: (purchase) => {
        if (!isPaid(purchase)) return unpaid?.(purchase) ?? <PaidChip paid={false} />;
        const replacementFor = purchase.orders[0]?.replacementFor;
        return (
          <>
            <PaidChip paid />
            {replacementFor ? <ReplacementFor claim={replacementFor} to={claimLink(replacementFor)} /> : purchase.transactionId && <TransactionId id={purchase.transactionId} />}
          </>
        );
      },
    },
    { key: 'actions', header: m.columnActions, align: 'right', className: 'order-actions', render: (purchase) => <div>{actions(purchase)}</div> },
  ];
  return (
    <PagedTable
      {...list}
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
