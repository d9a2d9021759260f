import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { visuallyHiddenSx } from '@/components/ui/visually-hidden';
import { salesMessages as m } from '@/config/sales-messages';
import { formatPrice } from '@/utils/format';
import { toCents } from '@/utils/money';
import type { SalesMonth } from '../api/get-sales';
import { formatMonth } from '../utils/dates';
import { EmptyState, Panel } from './panel';

// recharts is big: its own chunk, loaded with the chart (never part of the first load of `/`).
const SalesChart = lazy(() => import('./sales-chart'));

export const CHART_HEIGHT = 300;
/** The width drawn before the frame is measured (and where nothing can be measured, as in tests). */
const FALLBACK_WIDTH = 640;

/** The width of its box, followed as the window resizes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const fit = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** The chart's figures for screen readers (the drawn chart is one image to them). */
function RevenueTable({ months, from, to }: { months: SalesMonth[]; from: string; to: string }) {
  return (
    // Hidden by a wrapping div: a table does not clip what overflows it (its caption), a div does.
    <Box sx={visuallyHiddenSx}>
      <table>
        <caption>{m.chartTableCaption(from, to)}</caption>
        <thead>
          <tr>
            <th scope="col">{m.columnMonth}</th>
            <th scope="col">{m.columnRevenue}</th>
            <th scope="col">{m.columnPurchases}</th>
            <th scope="col">{m.columnOrders}</th>
            <th scope="col">{m.columnUnits}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((row) => (
            <tr key={row.month}>
              <th scope="row">{formatMonth(row.month)}</th>
              <td>{formatPrice(row.revenue)}</td>
              <td>{row.purchases}</td>
              <td>{row.orders}</td>
              <td>{row.units}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

/** Revenue by month: the bar chart (lazy), its text alternative, or the empty state. */
export function RevenueChart({ months }: { months: SalesMonth[] }) {
  const [ref, width] = useWidth();
  const first = months[0];
  const last = months.at(-1);
  const sold = months.some((row) => row.revenue > 0 || row.orders > 0);
  const from = first ? formatMonth(first.month) : '';
  const to = last ? formatMonth(last.month) : '';
  // Summed in cents, so that the total has no floating-point residue.
  const total = months.reduce((sum, row) => sum + toCents(row.revenue), 0) / 100;

  return (
    <Panel title={m.chartTitle}>
      <Box ref={ref} sx={{ width: '100%' }}>
        {sold ? (
          <>
            <Box role="img" aria-label={m.chartLabel(from, to, formatPrice(total))} sx={{ width, height: CHART_HEIGHT, overflow: 'hidden' }}>
              <Suspense fallback={<Skeleton variant="rectangular" width={width} height={CHART_HEIGHT} />}>
                <SalesChart months={months} width={width} height={CHART_HEIGHT} />
              </Suspense>
            </Box>
            <RevenueTable months={months} from={from} to={to} />
          </>
        ) : (
          <EmptyState>{m.noPaidOrders}</EmptyState>
        )}
      </Box>
    </Panel>
  );
}

export function RevenueChartSkeleton() {
  return (
    <Panel title={m.chartTitle}>
      <Skeleton variant="rectangular" height={CHART_HEIGHT} sx={{ borderRadius: 1 }} />
    </Panel>
  );
}
