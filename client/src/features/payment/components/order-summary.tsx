import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { orderMessages } from '@/config/order-messages';
import type { Order } from '@/types/api';
import { formatCents, formatPrice } from '@/utils/format';

const m = orderMessages.payment;

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Typography component="dt" sx={{ color: 'text.secondary', fontWeight: 600, whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 900 : 700, fontSize: strong ? '1.35rem' : undefined, overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** What is being paid for: the product, the quantity, the unit price, the total, and where it goes. */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <Box
      component="section"
      aria-labelledby="order-summary-title"
      sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, overflow: 'hidden' }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', p: { xs: 2, sm: 2.5 }, borderBottom: 1, borderColor: 'divider' }}>
        <Box
          component="img"
          src={order.image}
          alt=""
          width={96}
          height={72}
          decoding="async"
          sx={{ flexShrink: 0, width: 96, height: 72, objectFit: 'cover', borderRadius: 1.5, bgcolor: 'surface.muted' }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography id="order-summary-title" variant="overline" component="h2" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
            {m.summaryTitle}
          </Typography>
          <Typography component="p" sx={{ fontWeight: 800, fontSize: '1.1rem', lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {order.productName}
          </Typography>
        </Box>
      </Box>
      <Box component="dl" sx={{ m: 0, px: { xs: 2, sm: 2.5 }, py: 1 }}>
        {order.number > 0 && <Row label={m.orderNumber} value={orderMessages.orders.orderNumber(order.number)} />}
        <Row label={m.quantity} value={orderMessages.orders.quantityPcs(order.productQuantity)} />
        <Row label={m.unitPrice} value={formatPrice(order.productPrice)} />
        {order.address && <Row label={m.shipTo} value={order.address} />}
        <Row label={m.total} value={formatCents(order.amount)} strong />
      </Box>
    </Box>
  );
}
