import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Thumbnail } from '@/components/ui/thumbnail';
import { cartMessages } from '@/config/cart-messages';
import { orderMessages } from '@/config/order-messages';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';
import type { Order } from '@/types/api';
import { formatCents, formatPrice } from '@/utils/format';
import type { Group } from '../api/get-group';
import { PaidChip, ShippingChip } from './order-parts';

const g = cartMessages.group;

/** An order line's price before tax, in cents. */
export const lineCents = (order: Pick<Order, 'productPrice' | 'productQuantity'>) => Math.round(order.productPrice * 100) * order.productQuantity;

function Figure({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" data-testid={testId} sx={{ m: 0, fontWeight: strong ? 900 : 700, fontSize: strong ? '1.25rem' : undefined, overflowWrap: 'anywhere', textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The lines of orders: each product with its quantity, price and line total (and, with `statuses`, its shipping and payment). */
export function OrderLines({ orders, statuses = false, link = false }: { orders: readonly Order[]; statuses?: boolean; link?: boolean }) {
  return (
    <Box component="ul" aria-label={g.lines} sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
      {orders.map((order) => (
        <Box component="li" key={order._id} data-testid="group-line" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 1.25, flexWrap: 'wrap' }}>
          <Thumbnail src={order.image} width={56} height={42} />
          <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Typography sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
              {link ? (
                <Link component={RouterLink} to={paths.dashboard.order.to(order._id)} sx={{ color: 'text.primary' }}>
                  {order.productName}
                </Link>
              ) : (
                order.productName
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {orderMessages.orders.orderNumberLong(order.number)} · {orderMessages.orders.quantityPcs(order.productQuantity)} × {formatPrice(order.productPrice)}
            </Typography>
            {statuses && (
              <Box sx={{ display: 'flex', gap: 0.75, mt: 0.5 }}>
                <ShippingChip order={order} />
                <PaidChip paid={order.paid} />
              </Box>
            )}
          </Box>
          <Typography sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>{formatCents(lineCents(order))}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** "from quote #N" for a group an accepted quote made. */
export function FromQuote({ group }: { group: Pick<Group, 'quoteNumber'> }) {
  if (!group.quoteNumber) return null;
  return (
    <Typography data-testid="group-from-quote" sx={{ fontWeight: 700, color: 'text.secondary' }}>
      {g.fromQuote(group.quoteNumber)}
    </Typography>
  );
}

/** A group's figures: PO and company when given, subtotal, tax and total. */
export function GroupFigures({ group }: { group: Group }) {
  // The tax's name as configured (TAX_LABEL): "Tax" until it is known.
  const taxLabel = usePublicConfig().data?.taxLabel;
  const totalCents = Math.round(group.total * 100);
  const taxCents = Math.round(group.tax * 100);
  return (
    <Box component="dl" sx={{ m: 0, '& > div + div': { borderTop: 1, borderColor: 'divider' } }}>
      {group.poNumber && <Figure label={g.poNumber} value={group.poNumber} testId="group-po" />}
      {group.company && <Figure label={g.company} value={group.company} testId="group-company" />}
      <Figure label={g.subtotal} value={formatCents(totalCents - taxCents)} />
      <Figure label={taxLabel ?? g.tax} value={formatCents(taxCents)} testId="group-tax" />
      <Figure label={g.total} value={formatCents(totalCents)} strong testId="group-total" />
    </Box>
  );
}
