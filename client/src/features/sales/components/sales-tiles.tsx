import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { salesMessages as m } from '@/config/sales-messages';
import { formatPrice } from '@/utils/format';
import type { SalesReport } from '../api/get-sales';
import { formatMonth } from '../utils/dates';

const gridSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
  gap: 2,
} as const;

const tileSx = { bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderLeft: 4, borderLeftColor: 'primary.main', borderRadius: 2, p: 2.5 } as const;

function Tile({ label, value, note, testId }: { label: string; value: string; note: string; testId: string }) {
  return (
    <Box component="li" sx={tileSx} data-testid={testId}>
      <Typography sx={{ color: 'text.secondary', fontWeight: 700 }}>{label}</Typography>
      <Typography sx={{ fontWeight: 900, fontSize: { xs: '1.8rem', md: '2.1rem' }, lineHeight: 1.2, my: 0.5 }}>{value}</Typography>
      <Typography variant="body2" color="text.secondary">
        {note}
      </Typography>
    </Box>
  );
}

/** This month's revenue and paid purchases with their orders (the report's last month), and what is still unpaid. */
export function SalesTiles({ report }: { report: SalesReport }) {
  const current = report.months.at(-1);
  const month = current ? m.monthOf(formatMonth(current.month)) : '';
  return (
    <Box component="ul" aria-label={m.tilesLabel} sx={gridSx}>
      <Tile testId="tile-revenue" label={m.revenueThisMonth} value={formatPrice(current?.revenue ?? 0)} note={month} />
      <Tile testId="tile-paid-orders" label={m.paidPurchasesThisMonth} value={String(current?.purchases ?? 0)} note={m.paidOrdersNote(current?.orders ?? 0, month)} />
      <Tile testId="tile-unpaid" label={m.unpaidAmount} value={formatPrice(report.unpaid.amount)} note={m.unpaidCount(report.unpaid.count)} />
    </Box>
  );
}

export function SalesTilesSkeleton() {
  return (
    <Box component="ul" sx={gridSx}>
      {[0, 1, 2].map((i) => (
        <Box component="li" key={i} sx={tileSx}>
          <Skeleton width="60%" />
          <Skeleton width="45%" sx={{ fontSize: '2.1rem' }} />
          <Skeleton width="35%" />
        </Box>
      ))}
    </Box>
  );
}
