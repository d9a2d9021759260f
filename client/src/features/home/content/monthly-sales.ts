/** One month of the sample figures behind the About chart (US dollars). */
export interface MonthlySales {
  month: string;
  investment: number;
  sell: number;
  revenue: number;
}

/** Sample rows, March to August; the chart shows investment and sell. */
export const MONTHLY_SALES: readonly MonthlySales[] = [
  { month: 'Mar', investment: 120_000, sell: 148_000, revenue: 28_000 },
  { month: 'Apr', investment: 160_000, sell: 205_000, revenue: 45_000 },
  { month: 'May', investment: 210_000, sell: 262_000, revenue: 52_000 },
  { month: 'Jun', investment: 190_000, sell: 251_000, revenue: 61_000 },
  { month: 'Jul', investment: 240_000, sell: 318_000, revenue: 78_000 },
  { month: 'Aug', investment: 280_000, sell: 372_000, revenue: 92_000 },
];
