import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { visuallyHiddenSx } from '@/components/ui/visually-hidden';
import { salesMessages as m } from '@/config/sales-messages';
import { errorMessage } from '@/lib/api-client';
import { DEFAULT_SALES_PERIOD, SALES_PERIODS, useSales, type SalesPeriod, type SalesReport } from '../api/get-sales';
import { ExportOrdersForm } from './export-orders-form';
import { LowStockList, LowStockSkeleton } from './low-stock-list';
import { Panel } from './panel';
import { RevenueChart, RevenueChartSkeleton } from './revenue-chart';
import { SalesTiles, SalesTilesSkeleton } from './sales-tiles';
import { TopProductsSkeleton, TopProductsTable } from './top-products-table';

const twoColumnsSx = { display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 3 } as const;

function PeriodSelect({ value, onChange }: { value: SalesPeriod; onChange: (value: SalesPeriod) => void }) {
  return (
    <TextField
      select
      size="small"
      label={m.periodLabel}
      value={value}
      onChange={(event) => onChange(Number(event.target.value) as SalesPeriod)}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 160, justifySelf: 'start' }}
    >
      {SALES_PERIODS.map((months) => (
        <option key={months} value={months}>
          {m.periodOption(months)}
        </option>
      ))}
    </TextField>
  );
}

function SalesReportView({ report }: { report: SalesReport }) {
  return (
    <>
      <SalesTiles report={report} />
      <RevenueChart months={report.months} />
      <Box sx={twoColumnsSx}>
        <TopProductsTable products={report.topProducts} />
        <LowStockList products={report.lowStock} />
      </Box>
    </>
  );
}

/** While the first figures load: the page's shape in grey, and a status for screen readers. */
function SalesSkeleton() {
  return (
    <Box role="status" aria-busy="true" sx={{ display: 'grid', gap: 3 }}>
      <Box component="span" sx={visuallyHiddenSx}>
        {m.loading}
      </Box>
      <SalesTilesSkeleton />
      <RevenueChartSkeleton />
      <Box sx={twoColumnsSx}>
        <TopProductsSkeleton />
        <LowStockSkeleton />
      </Box>
    </Box>
  );
}

/** The admin's Sales page: the period's figures from GET /admin/sales, and the orders export. */
export function SalesDashboard() {
  const [months, setMonths] = useState<SalesPeriod>(DEFAULT_SALES_PERIOD);
  const sales = useSales(months);

  let body;
  if (sales.isError) {
    body = <ErrorMessage onRetry={() => void sales.refetch()}>{errorMessage(sales.error, m.loadFailed)}</ErrorMessage>;
  } else if (sales.isPending) {
    body = <SalesSkeleton />;
  } else {
    body = (
      <Box aria-busy={sales.isPlaceholderData} sx={{ display: 'grid', gap: 3, opacity: sales.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
        <SalesReportView report={sales.data} />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PeriodSelect value={months} onChange={setMonths} />
      {body}
      <Panel title={m.exportTitle}>
        <ExportOrdersForm />
      </Panel>
    </Box>
  );
}
