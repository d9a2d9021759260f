import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { salesMessages as m } from '@/config/sales-messages';
import { formatPrice } from '@/utils/format';
import type { SalesMonth } from '../api/get-sales';
import { formatMonth, formatMonthTick } from '../utils/dates';

/** `120000` → `$120k`, `950` → `$950` for the axis. */
function axisDollars(value: number): string {
  return value >= 1000 ? `$${Math.round(value / 1000)}k` : `$${value}`;
}

/**
 * Paid revenue per month as bars (recharts, so it is its own chunk, loaded
 * only by the Sales page). Its wrapper gives it a name and the figures as a
 * table; the chart's own keyboard layer is off so that the wrapper
 * (role="img") holds nothing focusable.
 */
export default function SalesChart({ months, width, height }: { months: SalesMonth[]; width: number; height: number }) {
  const { palette } = useTheme();
  return (
    <BarChart width={width} height={height} data={months} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={palette.divider} />
      <XAxis dataKey="month" tickFormatter={formatMonthTick} tick={{ fill: palette.text.secondary }} tickLine={false} axisLine={{ stroke: palette.divider }} />
      <YAxis tickFormatter={axisDollars} tick={{ fill: palette.text.secondary }} tickLine={false} axisLine={false} width={64} allowDecimals={false} />
      <Tooltip formatter={(value) => formatPrice(Number(value))} labelFormatter={(label) => (typeof label === 'string' ? formatMonth(label) : label)} cursor={{ fill: palette.action.hover }} />
      <Bar dataKey="revenue" name={m.revenueSeries} fill={palette.primary.main} radius={[4, 4, 0, 0]} maxBarSize={40} />
    </BarChart>
  );
}
