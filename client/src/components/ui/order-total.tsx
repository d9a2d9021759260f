import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { orderMessages } from '@/config/order-messages';
import { mergeSx } from '@/lib/theme';
import { usePublicConfig } from '@/lib/public-config';
import { formatCents } from '@/utils/format';
import type { Figures } from '@/utils/money';

const m = orderMessages.totals;

function Row({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, py: 0.75 }}>
      <Typography component="dt" sx={{ color: 'text.secondary', fontWeight: strong ? 800 : 600 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        data-testid={testId}
        sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 900 : 700, fontSize: strong ? '1.3rem' : undefined, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

interface OrderTotalProps {
  /** The figures in cents; null while they cannot be known (a quantity out of range): the total shows a dash. */
  figures: Figures | null;
  /**
   * The rate (GET /config's percent) the figures were computed at here, before asking the server: the tax line
   * names it ("Sales tax (8.25%)"). Absent for the server's figures of a placed purchase (its rate was the one of
   * that day), which name the tax alone.
   */
  rate?: number;
  /**
   * The buyer's approved tax exemption as the tax line names it ("Tax exempt: certificate …", issue 49): the
   * subtotal and a tax of 0 are shown under it.
   */
  exemptLabel?: string;
  /** Laid over its own look. */
  sx?: SxProps<Theme>;
}

/**
 * The one total of a purchase, wherever one is shown: the purchase form and the cart (computed here with
 * utils/money before asking), the placed order, the checkout's answer, the payment and order pages and a quote
 * (the server's figures). Subtotal and tax when there is a tax; the total always.
 */
export function OrderTotal({ figures, rate, exemptLabel, sx }: OrderTotalProps) {
  const taxLabel = usePublicConfig().data?.taxLabel || m.tax;
  const taxed = figures !== null && (figures.taxCents > 0 || (rate ?? 0) > 0 || exemptLabel !== undefined);
  return (
    <Box component="dl" aria-live="polite" data-testid="order-figures" sx={mergeSx({ m: 0, '& > div + div': { borderTop: 1, borderColor: 'divider' } }, sx)}>
      {taxed && (
        <>
          <Row label={m.subtotal} value={formatCents(figures.subtotalCents)} testId="order-subtotal" />
          <Row label={exemptLabel ?? (rate ? m.taxLine(taxLabel, rate) : taxLabel)} value={formatCents(figures.taxCents)} testId="order-tax" />
        </>
      )}
      <Row label={m.total} value={figures ? formatCents(figures.totalCents) : '—'} strong testId="order-total" />
    </Box>
  );
}
