import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DashboardCard, DashboardCardHead } from '@/components/ui/dashboard-card';
import { OrderTotal } from '@/components/ui/order-total';
import { serviceMessages } from '@/config/service-messages';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { formatCents, formatPrice } from '@/utils/format';
import { lineCents, serverFigures, type Figures } from '@/utils/money';
import { formatDate, formatDay } from '@/utils/format-date';
import { useDeclineQuote } from '../api/decline-quote';
import type { Quote } from '../api/get-quotes';

const m = serviceMessages.quotes;

export const QUOTES_PAGE_SIZE = 20;

/** Today as the server counts days: `YYYY-MM-DD` in UTC. */
export function todayUTC(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A quoted price no longer holds once its last day (UTC) has passed. */
export function isExpired(quote: Quote, now = new Date()): boolean {
  if (quote.status !== 'quoted' || !quote.validUntil) return false;
  return quote.validUntil.slice(0, 10) < todayUTC(now);
}

/**
 * What accepting the quote charges, once every item is priced: the server's figures (each line's tax
 * rounded as its order's will be), never a sum made here.
 */
export function quoteFigures(quote: Quote): Figures | null {
  return quote.figures ? serverFigures(quote.figures) : null;
}

/** Decline, once the user confirms, and say how it went: `run(quote._id)`, and `isRunning(quote._id)` while it runs. */
export function useConfirmedDecline() {
  return useConfirmedAction(useDeclineQuote(), { confirm: m.confirmDecline, done: m.declined, failed: m.declineFailed });
}

type ChipColour = 'default' | 'info' | 'success' | 'error';
const STATUS_COLOURS: Record<string, ChipColour> = { requested: 'default', quoted: 'info', accepted: 'success', declined: 'error', expired: 'default' };

export function QuoteStatusChip({ quote }: { quote: Quote }) {
  const status = isExpired(quote) ? 'expired' : quote.status;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOURS[status] ?? 'default'}
      label={m.status[status] ?? status}
      data-testid="quote-status"
      sx={{ fontWeight: 800, letterSpacing: '0.04em' }}
    />
  );
}

/** Below this width of its box (px) each item is a block: the head hidden, each figure under its own small label. */
export const QUOTE_ITEMS_STACK_BELOW = 560;

const itemsTableSx = {
  '& th': { fontWeight: 800, color: 'text.secondary', fontSize: '0.75rem', letterSpacing: '0.06em', textTransform: 'uppercase', whiteSpace: 'nowrap' },
  '& td.number, & th.number': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  '& th, & td': { px: 1.25 },
  '& .cell-label': { display: 'none' },
  // Narrow (a phone, or beside the dashboard menu): a block per item, the product on its line and the
  // three figures under it, each with its label. Nothing scrolls sideways.
  [`@container (max-width: ${QUOTE_ITEMS_STACK_BELOW}px)`]: {
    '& thead': { display: 'none' },
    '& tbody tr': {
      display: 'grid',
      gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
      columnGap: 1.5,
      rowGap: 1,
      px: 1.25,
      py: 1.25,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& tbody td': { border: 0, p: 0, minWidth: 0, textAlign: 'left' },
    '& tbody td.product': { gridColumn: '1 / -1' },
    '& td.number': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
    '& td.unpriced': { gridColumn: 'span 2' },
    '& .cell-label': { display: 'block', fontSize: '0.7rem', fontWeight: 800, letterSpacing: '0.06em', textTransform: 'uppercase', color: 'text.secondary' },
  },
} as const;

/**
 * A figure's column name, shown above it while the items are blocks (the head is hidden then).
 * The figure beside it is a span of its own, so that it is found by its text alone.
 */
function CellLabel({ children }: { children: ReactNode }) {
  return (
    <Box component="span" className="cell-label" aria-hidden="true">
      {children}
    </Box>
  );
}

/**
 * The quote's items: quantity, and the unit price and line total once priced,
 * and the server's figures (subtotal, tax, total). Wide, a table; in a narrow
 * box each item is a block, so that the totals are always in view (issue 36:
 * they were behind a sideways scroll).
 */
export function QuoteItemsTable({ quote }: { quote: Quote }) {
  const figures = quoteFigures(quote);
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, containerType: 'inline-size', minWidth: 0 }}>
      <Table size="small" aria-label={m.itemsLabel(quote.number)} sx={itemsTableSx}>
        <TableHead>
          <TableRow>
            <TableCell>{m.columnProduct}</TableCell>
            <TableCell align="right" className="number">
              {m.columnQuantity}
            </TableCell>
            <TableCell align="right" className="number">
              {m.columnUnitPrice}
            </TableCell>
            <TableCell align="right" className="number">
              {m.columnLineTotal}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {quote.items.map((item) => {
            const priced = item.unitPrice !== undefined && item.unitPrice !== null;
            return (
              <TableRow key={item.productId} data-testid="quote-line">
                <TableCell className="product" sx={{ fontWeight: 700, overflowWrap: 'anywhere', minWidth: 110 }}>
                  {item.productName}
                </TableCell>
                <TableCell align="right" className="number">
                  <CellLabel>{m.columnQuantity}</CellLabel>
                  <span>{m.pcs(item.quantity)}</span>
                </TableCell>
                <TableCell align="right" className={priced ? 'number' : 'number unpriced'}>
                  <CellLabel>{m.columnUnitPrice}</CellLabel>
                  {priced ? <span>{formatPrice(item.unitPrice as number)}</span> : <Box component="span" sx={{ color: 'text.secondary' }}>{m.notPriced}</Box>}
                </TableCell>
                <TableCell align="right" className="number" data-testid="quote-line-total">
                  {priced && <CellLabel>{m.columnLineTotal}</CellLabel>}
                  {priced && <span>{formatCents(lineCents(item.unitPrice as number, item.quantity))}</span>}
                </TableCell>
              </TableRow>
            );
          })}
          {quote.freight !== undefined && quote.freight !== null && (
            <TableRow data-testid="quote-freight">
              <TableCell className="product" sx={{ fontWeight: 700 }}>
                {m.freight}
              </TableCell>
              <TableCell className="number" />
              <TableCell className="number" />
              <TableCell align="right" className="number">
                <CellLabel>{m.columnLineTotal}</CellLabel>
                <span>{formatPrice(quote.freight)}</span>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {figures && <OrderTotal figures={figures} sx={{ px: 1.25, py: 0.5, borderTop: 1, borderColor: 'divider' }} />}
    </Box>
  );
}

interface QuoteCardProps {
  quote: Quote;
  /** Show who asked (the admin's list). */
  showCustomer?: boolean;
  children?: ReactNode;
}

/** One quote: its number, status and dates, who asked (for admins), the message, the items and the answer. */
export function QuoteCard({ quote, showCustomer = false, children }: QuoteCardProps) {
  const titleId = `quote-${quote._id}`;
  const expired = isExpired(quote);
  const until = formatDay(quote.validUntil);
  return (
    <DashboardCard
      titleId={titleId}
      stripeColor={quote.status === 'requested' || (quote.status === 'quoted' && !expired) ? 'primary.main' : 'divider'}
      data-testid="quote-card"
      sx={{ minWidth: 0 }}
    >
      <DashboardCardHead titleId={titleId} title={m.quoteNumber(quote.number)}>
        <QuoteStatusChip quote={quote} />
        <Typography variant="body2" color="text.secondary" component="span">
          <time dateTime={quote.createdAt}>{m.requestedOn(formatDate(quote.createdAt))}</time>
        </Typography>
      </DashboardCardHead>
      {showCustomer && (
        <Box>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{m.from(quote.name, quote.email)}</Typography>
          {quote.company && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {m.company}: {quote.company}
            </Typography>
          )}
        </Box>
      )}
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 700, color: 'text.secondary' }}>
          {m.message}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{quote.message}</Typography>
      </Box>
      <QuoteItemsTable quote={quote} />
      {until && (
        <Typography sx={{ fontWeight: 700 }} data-testid="quote-validity">
          {expired ? m.expiredOn(until) : m.validUntil(until)}
        </Typography>
      )}
      {quote.note && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 700, color: 'text.secondary' }}>
            {showCustomer ? m.noteAdmin : m.note}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{quote.note}</Typography>
        </Box>
      )}
      {children}
    </DashboardCard>
  );
}
