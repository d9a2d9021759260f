import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { ErrorMessage } from '@/components/ui/error-message';
import { cartMessages } from '@/config/cart-messages';
import { orderMessages } from '@/config/order-messages';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { Claim } from '@/types/api';
import { formatDate } from '@/utils/format-date';
import type { Purchase } from '../api/get-purchase';
import { InvoiceButton } from './invoice-button';
import { CancelPurchaseButton, PaidChip, ShippingChip, useCancelPurchaseAction } from './order-parts';
import { FromQuote, PurchaseContents, PurchaseReferences } from './purchase-summary';

const o = cartMessages.order;
const p = orderMessages.purchase;
const panelSx = { bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, p: { xs: 2, sm: 3 } } as const;

interface HistoryEntry {
  event: 'placed' | 'paid' | 'shipped';
  at: string;
  transactionId?: string;
  carrier?: string;
  trackingNumber?: string;
}

/** The purchase's status history, from its own dates: placed, paid (with the payment's id), shipped (with the tracking). */
function historyOf(purchase: Purchase): HistoryEntry[] {
  const entries: HistoryEntry[] = [{ event: 'placed', at: purchase.createdAt }];
  if (purchase.paidAt) entries.push({ event: 'paid', at: purchase.paidAt, transactionId: purchase.transactionId });
  if (purchase.shipped && purchase.shippedAt) entries.push({ event: 'shipped', at: purchase.shippedAt, carrier: purchase.carrier, trackingNumber: purchase.trackingNumber });
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** One line of the status history: what happened and when, with the payment's id or the carrier and tracking number. */
function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const label = { placed: o.placed, paid: o.paid, shipped: o.shipped }[entry.event];
  return (
    <Box component="li" data-testid={`history-${entry.event}`} sx={{ py: 1 }}>
      <Typography sx={{ fontWeight: 800 }}>
        {label} <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>{formatDate(entry.at, { time: true })}</Box>
      </Typography>
      {entry.transactionId && !entry.transactionId.startsWith('replacement:') && (
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
  purchase: Purchase;
  /** The buyer's claims (GET /claims); those on this purchase's products show in the history. */
  claims: readonly Claim[];
  /** Read by its buyer's company's approver or admin (issue 45), who neither pays nor cancels it. */
  readOnly?: boolean;
}

/**
 * The order page (issues 34 and 43): one purchase, whatever it holds: its lines and the server's figures,
 * the status history (placed, paid, shipped with carrier and tracking, claims), the invoice, "from quote #N",
 * and Pay or cancel while it is unpaid, each for the purchase whole.
 */
export function OrderDetails({ purchase, claims, readOnly = false }: OrderDetailsProps) {
  const navigate = useNavigate();
  // Back to My Orders once cancelled; a refused cancel (paid meanwhile: 409) stays here with its message.
  const cancel = useCancelPurchaseAction({ onDone: () => navigate(paths.dashboard.myOrder) });
  const ids = new Set(purchase.orderIds);
  const mine = claims.filter((c) => ids.has(c.orderId));
  const invoiceNumber = purchase.invoiceNumber;
  const open = !purchase.paid && !purchase.shipped && !readOnly;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <FromQuote purchase={purchase} />
        <ShippingChip shipped={purchase.shipped} />
        <PaidChip paid={purchase.paid} />
      </Box>

      <Box component="section" aria-labelledby="order-lines-title" sx={panelSx}>
        <Typography id="order-lines-title" variant="h5" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
          {o.linesTitle}
        </Typography>
        <PurchaseReferences purchase={purchase} />
        <PurchaseContents purchase={purchase} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2 }}>
          {invoiceNumber !== undefined && invoiceNumber > 0 && <InvoiceButton number={invoiceNumber} />}
          {purchase.payable && !readOnly && (
            <Button component={RouterLink} to={paths.payment.to(purchase._id)} variant="contained" startIcon={<CreditCardIcon />} aria-label={p.payLabel(purchase.number)}>
              {orderMessages.orders.pay}
            </Button>
          )}
          {open && <CancelPurchaseButton purchase={purchase} cancel={cancel} standalone />}
        </Box>
      </Box>

      <Box component="section" aria-labelledby="order-history-title" sx={panelSx}>
        <Typography id="order-history-title" variant="h5" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
          {o.historyTitle}
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
          {historyOf(purchase).map((entry) => (
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

/** The page's state when the purchase cannot be loaded: 404 (none, or another's) says so. */
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
