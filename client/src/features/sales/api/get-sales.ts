import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** One calendar month (UTC) of paid orders, bucketed by when they were paid. */
export interface SalesMonth {
  /** `YYYY-MM`. */
  month: string;
  /** Dollars, 2 decimals; paid orders only (replacement orders of amount 0 are left out). */
  revenue: number;
  /** Paid orders. */
  orders: number;
  units: number;
}

export interface TopProduct {
  productId: string;
  name: string;
  units: number;
  /** Dollars. */
  revenue: number;
}

/** A product with less stock than its minimum order (the server's field names, spelling included). */
export interface LowStockProduct {
  _id: string;
  name: string;
  avaialbequantit: number;
  minimumquantity: number;
}

export interface SalesReport {
  /** `months` entries, oldest first, empty months included; the last is the current month. */
  months: SalesMonth[];
  /** Up to 5, by revenue over the period. */
  topProducts: TopProduct[];
  /** Orders not paid and not deleted; the amount in dollars. */
  unpaid: { count: number; amount: number };
  lowStock: LowStockProduct[];
}

/** The periods the page offers, in months; the server takes 1 to 24 and defaults to 6. */
export const SALES_PERIODS = [3, 6, 12, 24] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];
export const DEFAULT_SALES_PERIOD: SalesPeriod = 6;

export const salesQueryKey = ['sales'] as const;

/** GET /admin/sales?months=N (admin). */
export function getSales(months: number, signal?: AbortSignal): Promise<SalesReport> {
  return apiClient.get<SalesReport>('/admin/sales', { query: { months }, signal });
}

export const getSalesQueryOptions = (months: number) =>
  queryOptions({
    queryKey: [...salesQueryKey, months] as const,
    queryFn: ({ signal }) => getSales(months, signal),
    staleTime: 0,
    // Switching the period keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useSales(months: number) {
  return useQuery(getSalesQueryOptions(months));
}
