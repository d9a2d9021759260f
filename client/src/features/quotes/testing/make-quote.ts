import { figuresOf } from '@/utils/money';
import type { Quote } from '../api/get-quotes';

/** The figures the server answers for a priced quote, at 8.25% tax (shop.Quote.WithFigures). */
function figures(items: Quote['items']): Quote['figures'] {
  const f = figuresOf(items.map((item) => ({ unitPrice: item.unitPrice ?? 0, quantity: item.quantity })), 825);
  return { subtotal: f.subtotalCents / 100, shipping: 0, tax: f.taxCents / 100, total: f.totalCents / 100, amount: f.totalCents };
}

/** A quote as the API answers it (tests only): a request for two products, not priced yet, unless told otherwise. */
export function makeQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    _id: '64b7f0c2a1b2c3d4e5f6b001',
    number: 7,
    email: 'ada@example.com',
    name: 'Ada Buyer',
    items: [
      { productId: '64b7f0c2a1b2c3d4e5f60001', productName: 'Diesel Generator 60 kVA', quantity: 2 },
      { productId: '64b7f0c2a1b2c3d4e5f60002', productName: 'MIG Welder 250A', quantity: 40 },
    ],
    message: 'For our new site in March.',
    status: 'requested',
    createdAt: '2025-03-05T10:00:00Z',
    ...overrides,
  };
}

/**
 * The same quote, priced: $14,000 and $1,250.50 a piece, valid to the end of 2999, with the server's
 * figures at 8.25% tax ($78,020 + $6,436.65 = $84,456.65).
 */
export function pricedQuote(overrides: Partial<Quote> = {}): Quote {
  const quote = makeQuote({ status: 'quoted', validUntil: '2999-12-31', note: 'Delivery in 3 weeks.', revision: 1, ...overrides });
  const items = quote.items.map((item, i) => ({ ...item, unitPrice: item.unitPrice ?? (i === 0 ? 14000 : 1250.5) }));
  return { ...quote, items, figures: figures(items) };
}

