import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { DeleteButton } from '@/components/ui/delete-button';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { cartMessages } from '@/config/cart-messages';
import { orderMessages } from '@/config/order-messages';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import type { Claim, Order } from '@/types/api';
import { formatCents } from '@/utils/format';
import { formatDate } from '@/utils/format-date';
import { useGroup } from '../api/get-group';
import { useCancelGroup } from '../api/group-actions';
import { FromQuote, GroupFigures, OrderLines } from './group-summary';
import { InvoiceButton } from './invoice-button';
import { PaidChip, ShippingChip } from './order-parts';

const o = cartMessages.order;
const g = cartMessages.group;
const panelSx = { bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, p: { xs: 2, sm: 3 } } as const;

type HistoryEntry = NonNullable<Order['history']>[number];

/** One line of the status history: what happened and when, with the payment's id or the carrier and tracking number. */
function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const label = { placed: o.placed, paid: o.paid, shipped: o.shipped }[entry.event];
  return (
    <Box component="li" data-testid={`history-${entry.event}`} sx={{ py: 1 }}>
      <Typography sx={{ fontWeight: 800 }}>
        {label} <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>{formatDate(entry.at, { time: true })}</Box>
      </Typography>
      {entry.transactionId && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {orderMessages.orders.transactionId}: {entry.transactionId}
        </Typography>
      )}
      {entry.carrier && (
        <Typography variant="body2" data-testid="history-carrier">
          {o.carrier}: {entry.carrier}
        </Typography>
      )}
      {entry.trackingNumber && (
        <Typography variant="body2" data-testid="history-tracking">
          {o.trackingNumber}: {entry.trackingNumber}
        </Typography>
      )}
    </Box>
  );
}

interface OrderDetailsProps {
  order: Order;
  /** The buyer's claims (GET /claims); those on this order's (or its group's) orders show in the history. */
  claims: readonly Claim[];
}

/**
 * The order page (issue 34): the order's lines (its group's orders when it
 * has one), the status history (placed, paid, shipped with carrier and
 * tracking, claims), the invoice download, "from quote #N", and Pay or
 * Cancel while an order group is unpaid.
 */
export function OrderDetails({ order, claims }: OrderDetailsProps) {
  const navigate = useNavigate();
  const group = useGroup(order.group);
  // Back to My Orders once cancelled; a refused cancel (paid meanwhile: 409) stays here with its message.
  const cancel = useConfirmedAction(useCancelGroup(), { confirm: g.confirmCancel, done: g.cancelled, onDone: () => navigate(paths.dashboard.myOrder) });

  if (order.group && group.isError) return <ErrorMessage onRetry={() => void group.refetch()}>{errorMessage(group.error, g.loadFailed)}</ErrorMessage>;
  if (order.group && !group.data) return <LoadingSpinner minHeight="30vh" />;

  const grp = group.data;
  const orders = grp?.orders ?? [order];
  const ids = new Set(orders.map((x) => x._id));
  const mine = claims.filter((c) => ids.has(c.orderId));
  const invoiceNumber = grp?.invoiceNumber ?? order.invoiceNumber;
  const paid = grp ? grp.paid : order.paid;
  const shipped = orders.every((x) => x.shipped);
  const history = [...(order.history ?? [])];

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {grp && (
          <Typography sx={{ fontWeight: 800 }} data-testid="order-group">
            {g.groupLabel(grp.number)}
          </Typography>
        )}
        {grp && <FromQuote group={grp} />}
        <ShippingChip order={{ ...order, shipped }} />
        <PaidChip paid={paid} />
      </Box>

      <Box component="section" aria-labelledby="order-lines-title" sx={panelSx}>
        <Typography id="order-lines-title" variant="h5" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
          {o.linesTitle}
        </Typography>
        <OrderLines orders={orders} statuses={orders.length > 1} />
        <Box sx={{ borderTop: 2, borderColor: 'divider', mt: 1, pt: 1 }}>
          {grp ? (
            <GroupFigures group={grp} />
          ) : (
            <Typography sx={{ fontWeight: 900, textAlign: 'right' }} data-testid="group-total">
              {g.total}: {formatCents(order.amount)}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2 }}>
          {invoiceNumber !== undefined && invoiceNumber > 0 && <InvoiceButton number={invoiceNumber} />}
          {!paid && grp && (
            <>
              <Button component={RouterLink} to={paths.groupPayment.to(grp._id)} variant="contained" startIcon={<CreditCardIcon />} aria-label={g.payLabel(grp.number)}>
                {g.pay}
              </Button>
              <DeleteButton loading={cancel.isRunning(grp._id)} onClick={() => cancel.run(grp._id)} aria-label={g.cancelLabel(grp.number)}>
                {g.cancel}
              </DeleteButton>
            </>
          )}
          {!paid && !grp && !order.replacementFor && (
            <ButtonLink to={paths.payment.to(order._id)} tone="primary">
              {orderMessages.orders.pay}
            </ButtonLink>
          )}
        </Box>
      </Box>

      <Box component="section" aria-labelledby="order-history-title" sx={panelSx}>
        <Typography id="order-history-title" variant="h5" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
          {o.historyTitle}
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
          {history.map((entry) => (
            <HistoryItem key={`${entry.event}-${entry.at}`} entry={entry} />
          ))}
          {mine.map((claim) => (
            <Box component="li" key={claim._id} data-testid="history-claim" sx={{ py: 1 }}>
              <Typography sx={{ fontWeight: 800 }}>
                {o.claim(claim.number, o.claimStatus[claim.status])}{' '}
                <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>{formatDate(claim.createdAt, { time: true })}</Box>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {claim.productName}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}

/** The page's state while the order loads or fails: 404 (none, or another's) says so. */
export function OrderDetailsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const missing = error instanceof ApiError && (error.code === 'not_found' || error.code === 'invalid');
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Box sx={{ justifySelf: 'stretch' }}>
        <ErrorMessage onRetry={missing ? undefined : onRetry}>{missing ? o.notFound : errorMessage(error, o.loadFailed)}</ErrorMessage>
      </Box>
      <ButtonLink to={paths.dashboard.myOrder} tone="outlined">
        {o.back}
      </ButtonLink>
    </Box>
  );
}
