/**
 * The UI strings of the admin's Sales page (issue 15). Kept apart from
 * messages.ts because only that lazy page uses them.
 */
export const salesMessages = {
  subtitle: 'What sold, what is paid, what is unpaid and what is running out, from the store’s real orders.',
  loadFailed: 'We could not load the sales figures right now.',
  loading: 'Loading the sales figures…',

  // The period.
  periodLabel: 'Period',
  periodOption: (months: number) => `${months} months`,

  // Tiles: the current month (UTC, as the server buckets it) and what is still unpaid.
  tilesLabel: 'This month at a glance',
  revenueThisMonth: 'Revenue this month',
  // Purchases (issue 43): a single order, a cart or an accepted quote is one; its orders are its lines.
  paidPurchasesThisMonth: 'Paid purchases this month',
  paidOrdersNote: (orders: number, month: string) => `${orders === 1 ? '1 order' : `${orders} orders`} · ${month}`,
  unpaidAmount: 'Unpaid',
  unpaidCount: (n: number) => (n === 1 ? '1 unpaid order' : `${n} unpaid orders`),
  monthOf: (month: string) => `In ${month}`,

  // Revenue by month.
  chartTitle: 'Revenue by month',
  chartLabel: (from: string, to: string, total: string) => `Bar chart of paid revenue by month, ${from} to ${to}: ${total} in all`,
  chartTableCaption: (from: string, to: string) => `Paid revenue by month, ${from} to ${to}`,
  columnMonth: 'Month',
  columnRevenue: 'Revenue',
  columnPurchases: 'Paid purchases',
  columnOrders: 'Paid orders',
  columnUnits: 'Units',
  revenueSeries: 'Revenue',
  noPaidOrders: 'No paid orders yet in this period. Revenue shows here once customers pay.',

  // Top products.
  topProductsTitle: 'Top products',
  topProductsLabel: 'Top products by revenue',
  columnProduct: 'Product',
  noTopProducts: 'No products sold yet in this period.',

  // Low stock.
  lowStockTitle: 'Low on stock',
  lowStockIntro: 'These products have less stock than their minimum order, so no one can buy them.',
  lowStockFigures: (available: number, minimum: number) => `${available} pcs in stock, minimum order ${minimum} pcs`,
  editProduct: 'Edit',
  editProductLabel: (name: string) => `Edit ${name} in Manage Products`,
  nothingLowOnStock: 'Nothing is low on stock.',

  // Export.
  exportTitle: 'Export orders',
  exportIntro: 'Every order placed between these dates (inclusive, UTC), as a CSV file for accounting.',
  exportFrom: 'From',
  exportTo: 'To',
  exportButton: 'Export CSV',
  exportRangeRequired: 'Choose both dates.',
  exportRangeOrder: 'The start date must be on or before the end date.',
  exportFailed: 'The orders could not be exported',
  exported: (filename: string) => `Downloaded ${filename}.`,
} as const;
