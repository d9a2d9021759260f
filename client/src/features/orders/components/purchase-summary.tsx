import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { OrderTotal } from '@/components/ui/order-total';
import { Thumbnail } from '@/components/ui/thumbnail';
import { orderMessages } from '@/config/order-messages';
import { formatCents, formatPrice } from '@/utils/format';
import { lineCents, serverFigures } from '@/utils/money';
import type { Purchase, PurchaseLine } from '../api/get-purchase';

const o = orderMessages.orders;
const p = orderMessages.purchase;

/**
 * A purchase's lines: each product with its quantity, unit price and line price before tax. The
 * purchase has one number (its heading's); a line never shows a number of its own, and quantities of
 * different products are never added up.
 */
export function PurchaseLines({ purchase, lineExtra }: { purchase: Pick<Purchase, 'number' | 'orders'>; lineExtra?: (line: PurchaseLine) => ReactNode }) {
  return (
    <Box component="ul" aria-label={p.linesLabel(purchase.number)} sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
      {purchase.orders.map((line) => (
        <Box component="li" key={line._id} data-testid="order-line" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 1.25 }}>
          <Thumbnail src={line.image} width={56} height={42} />
          {/* The name wraps; the line's price stays at the right, on a phone too. */}
          <Box sx={{ minWidth: 0, flex: '1 1 0' }}>
            <Typography sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>{line.productName}</Typography>
            <Typography variant="body2" color="text.secondary">
              {o.quantityPcs(line.productQuantity)} × {formatPrice(line.productPrice)}
            </Typography>
            {lineExtra?.(line)}
          </Box>
          <Typography sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>{formatCents(lineCents(line.productPrice, line.productQuantity))}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** "from quote #N" for a purchase an accepted quote made. */
export function FromQuote({ purchase }: { purchase: Pick<Purchase, 'quoteNumber'> }) {
  if (!purchase.quoteNumber) return null;
  return (
    <Typography data-testid="from-quote" sx={{ fontWeight: 700, color: 'text.secondary' }}>
      {p.fromQuote(purchase.quoteNumber)}
    </Typography>
  );
}

/** The PO reference and company a checkout gave, when it gave them. */
export function PurchaseReferences({ purchase }: { purchase: Pick<Purchase, 'poNumber' | 'company'> }) {
  if (!purchase.poNumber && !purchase.company) return null;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 1.5, '& dt': { fontWeight: 700, color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
      {purchase.poNumber && (
        <>
          <dt>{p.poNumber}</dt>
          <dd data-testid="purchase-po">{purchase.poNumber}</dd>
        </>
      )}
      {purchase.company && (
        <>
          <dt>{p.company}</dt>
          <dd data-testid="purchase-company">{purchase.company}</dd>
        </>
      )}
    </Box>
  );
}

/** What the buyer pays for: the purchase's lines, then the server's figures (subtotal, tax, total). */
export function PurchaseContents({ purchase, lineExtra }: { purchase: Purchase; lineExtra?: (line: PurchaseLine) => ReactNode }) {
  return (
    <>
      <PurchaseLines purchase={purchase} lineExtra={lineExtra} />
      <Box sx={{ borderTop: 2, borderColor: 'divider', mt: 1, pt: 0.5 }}>
        <OrderTotal figures={serverFigures(purchase)} />
      </Box>
    </>
  );
}

const panelSx = { bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, p: { xs: 2.5, sm: 3.5 } } as const;

/** The payment page's summary of a purchase: its number, where it came from, its lines and its figures. */
export function PurchaseSummary({ purchase }: { purchase: Purchase }) {
  return (
    <Box component="section" aria-labelledby="purchase-summary-title" data-testid="purchase-summary" sx={panelSx}>
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
        {orderMessages.payment.summaryTitle}
      </Typography>
      <Typography id="purchase-summary-title" variant="h5" component="h2" data-testid="purchase-number" sx={{ fontWeight: 800, mb: 0.5 }}>
        {o.orderNumberLong(purchase.number)}
      </Typography>
      <FromQuote purchase={purchase} />
      <PurchaseReferences purchase={purchase} />
      {purchase.orders[0]?.address && (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 700, color: 'text.secondary' }}>
            {orderMessages.payment.shipTo}:
          </Box>{' '}
          <span data-testid="purchase-ship-to">{purchase.orders[0].address}</span>
        </Typography>
      )}
      <PurchaseContents purchase={purchase} />
    </Box>
  );
}
