import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Link as RouterLink } from 'react-router';
import { approvalMessages } from '@/config/approval-messages';
import { orderMessages } from '@/config/order-messages';
import { OrderTotal } from '@/components/ui/order-total';
import { paths } from '@/config/paths';
import type { Figures } from '@/utils/money';

const m = orderMessages.orders;

/** The order just placed, as POST /order answered it: its purchase's id and number, and the server's figures. */
export interface PlacedSummary {
  id: string;
  number: number;
  productName: string;
  quantity: number;
  figures: Figures;
  /** Above the buyer's limit: it waits for their company's approval (issue 45), and cannot be paid yet. */
  awaitingApproval?: boolean;
}

/** "Order placed": the purchase's number, product, quantity, the tax and total charged, and the ways on (pay, my orders, another order). */
export function OrderPlaced({ placed, onPlaceAnother }: { placed: PlacedSummary; onPlaceAnother: () => void }) {
  return (
    <Box
      role="status"
      data-testid="order-placed"
      sx={{
        display: 'grid',
        gap: 1.5,
        p: 2,
        borderRadius: 2,
        bgcolor: 'feedback.success.bg',
        border: '1px solid',
        borderColor: 'feedback.success.border',
        color: 'feedback.success.text',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
        <CheckCircleIcon aria-hidden="true" sx={{ color: 'feedback.success.icon', mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 800 }}>{m.placedTitle}</Typography>
          <Typography variant="body2">{placed.awaitingApproval ? approvalMessages.placedNote : m.placedText}</Typography>
        </Box>
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          '& dt': { fontWeight: 700 },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>{m.placedNumberLabel}</dt>
        <dd data-testid="placed-order-number">{m.orderNumber(placed.number)}</dd>
        <dt>{m.productName}</dt>
        <dd>{placed.productName}</dd>
        <dt>{m.quantity}</dt>
        <dd>{m.quantityPcs(placed.quantity)}</dd>
      </Box>
      <OrderTotal figures={placed.figures} sx={{ '& dt, & dd': { color: 'inherit' } }} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {placed.awaitingApproval ? (
          <Button component={RouterLink} to={paths.dashboard.order.to(placed.id)} variant="contained" color="secondary" size="small">
            {approvalMessages.viewOrder}
          </Button>
        ) : (
          <Button component={RouterLink} to={paths.payment.to(placed.id)} variant="contained" color="secondary" size="small">
            {m.payNow}
          </Button>
        )}
        <Button component={RouterLink} to={paths.dashboard.myOrder} variant="outlined" color="secondary" size="small">
          {m.viewMyOrders}
        </Button>
        <Button type="button" variant="text" color="secondary" size="small" onClick={onPlaceAnother}>
          {m.placeAnother}
        </Button>
      </Box>
    </Box>
  );
}
