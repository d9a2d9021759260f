import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SalesReport } from '@/types/api';

export type { LowStockProduct, SalesMonth, SalesReport, TopProduct } from '@/types/api';

/** The periods the page offers, in months; the server takes 1 to 24 and defaults to 6. */
export const SALES_PERIODS = [3, 6, 12, 24] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];
export const DEFAULT_SALES_PERIOD: SalesPeriod = 6;


/** GET /admin/sales?months=N (admin). */
export function getSales(months: number, signal?: AbortSignal): Promise<SalesReport> {
  return unwrap(api.GET('/admin/sales', { params: { query: { months } }, signal }));
}

export const getSalesQueryOptions = (months: number) =>
  queryOptions({
    queryKey: queryKeys.sales.months(months),
    queryFn: ({ signal }) => getSales(months, signal),
    staleTime: 0,
    // Switching the period keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useSales(months: number) {
  return useQuery(getSalesQueryOptions(months));
}
