import type { SalesReport } from '../api/get-sales';

/** A six-month report ending March 2025, with sales in two months, three top products, one unpaid order and one product low on stock. */
export function makeReport(overrides: Partial<SalesReport> = {}): SalesReport {
  return {
    months: [
      { month: '2024-10', revenue: 0, orders: 0, purchases: 0, units: 0 },
      { month: '2024-11', revenue: 0, orders: 0, purchases: 0, units: 0 },
      { month: '2024-12', revenue: 0, orders: 0, purchases: 0, units: 0 },
      { month: '2025-01', revenue: 0, orders: 0, purchases: 0, units: 0 },
      { month: '2025-02', revenue: 29800, orders: 2, purchases: 2, units: 2 },
      { month: '2025-03', revenue: 15140.5, orders: 3, purchases: 2, units: 7 },
    ],
    topProducts: [
      { productId: 'p1', name: 'Diesel Generator 60 kVA', units: 3, revenue: 44700 },
      { productId: 'p3', name: 'Pallet Jack', units: 1, revenue: 200 },
      { productId: 'p2', name: 'Deep Groove Ball Bearing 6205-2RS', units: 5, revenue: 40.5 },
    ],
    unpaid: { count: 1, amount: 14900 },
    lowStock: [{ _id: '64b7f0c2a1b2c3d4e5f60009', name: 'MIG Welder 250A', avaialbequantit: 1, minimumquantity: 2 }],
    ...overrides,
  };
}

/** A report with no sales at all and nothing low on stock. */
export function emptyReport(): SalesReport {
  return makeReport({
    months: makeReport().months.map((row) => ({ ...row, revenue: 0, orders: 0, purchases: 0, units: 0 })),
    topProducts: [],
    unpaid: { count: 0, amount: 0 },
    lowStock: [],
  });
}
