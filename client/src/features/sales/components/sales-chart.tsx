import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { salesMessages as m } from '@/config/sales-messages';
import { formatPrice } from '@/utils/format';
import type { SalesMonth } from '../api/get-sales';
import { dollarAxis } from '../utils/axis-ticks';
import { formatMonth, formatMonthTick } from '../utils/dates';

/**
 * Paid revenue per month as bars (recharts, so it is its own chunk, loaded
 * only by the Sales page). Its wrapper gives it a name and the figures as a
 * table; the chart's own keyboard layer is off so that the wrapper
 * (role="img") holds nothing focusable.
 */
export default function SalesChart({ months, width, height }: { months: SalesMonth[]; width: number; height: number }) {
  const { palette } = useTheme();
  // Our own round ticks (recharts' own can repeat a label once rounded: $2k, $2k).
  const axis = dollarAxis(Math.max(0, ...months.map((row) => row.revenue)));
  return (
    <BarChart width={width} height={height} data={months} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={palette.divider} />
      <XAxis dataKey="month" tickFormatter={formatMonthTick} tick={{ fill: palette.text.secondary }} tickLine={false} axisLine={{ stroke: palette.divider }} />
      <YAxis
        ticks={axis.ticks}
        domain={[0, axis.top]}
        interval={0}
        tickFormatter={axis.format}
        tick={{ fill: palette.text.secondary }}
        tickLine={false}
        axisLine={false}
        width={64}
      />
      <Tooltip formatter={(value) => formatPrice(Number(value))} labelFormatter={(label) => (typeof label === 'string' ? formatMonth(label) : label)} cursor={{ fill: palette.action.hover }} />
      <Bar dataKey="revenue" name={m.revenueSeries} fill={palette.primary.main} radius={[4, 4, 0, 0]} maxBarSize={40} />
    </BarChart>
  );
}
