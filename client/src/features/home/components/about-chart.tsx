import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { contentMessages } from '@/config/content-messages';
import { formatPrice } from '@/utils/format';
import { MONTHLY_SALES } from '../content/monthly-sales';

export const SERIES = [
  { key: 'investment', name: contentMessages.home.investment, tone: 'secondary' },
  { key: 'sell', name: contentMessages.home.sell, tone: 'primary' },
] as const;

/** Round axis steps ($100k) up to the largest figure. */
const STEP = 100_000;
const TOP = Math.max(STEP, Math.ceil(Math.max(...MONTHLY_SALES.flatMap((row) => [row.investment, row.sell])) / STEP) * STEP);
const TICKS = Array.from({ length: TOP / STEP + 1 }, (_, i) => i * STEP);

/** `120000` → `$120k` for the axis. */
function thousands(value: number): string {
  return `$${Math.round(value / 1000)}k`;
}

/**
 * The About chart: investment and sell per month (recharts, so it is its own
 * chunk). Its wrapper gives it a name and the data as a table; the chart's own
 * keyboard layer is off so that the wrapper (role="img") holds nothing focusable.
 */
export default function AboutChart({ width, height }: { width: number; height: number }) {
  const { palette } = useTheme();
  const tick = { fill: palette.text.secondary };
  return (
    <BarChart width={width} height={height} data={[...MONTHLY_SALES]} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={palette.divider} />
      <XAxis dataKey="month" tick={tick} tickLine={false} axisLine={{ stroke: palette.line.muted }} />
      <YAxis domain={[0, TOP]} ticks={TICKS} tickFormatter={thousands} tick={tick} tickLine={false} axisLine={false} width={56} />
      <Tooltip formatter={(value) => formatPrice(Number(value))} cursor={{ fill: 'rgba(245,179,1,.12)' }} />
      <Legend formatter={(value: string) => <span style={{ color: palette.text.primary, fontWeight: 600 }}>{value}</span>} />
      {SERIES.map((s) => (
        <Bar key={s.key} dataKey={s.key} name={s.name} fill={palette[s.tone].main} radius={[4, 4, 0, 0]} maxBarSize={28} />
      ))}
    </BarChart>
  );
}
