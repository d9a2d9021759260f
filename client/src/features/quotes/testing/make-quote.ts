import type { Quote } from '../api/get-quotes';

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

/** The same quote, priced: $14,000 and $1,250.50 a piece, valid to the end of 2999. */
export function pricedQuote(overrides: Partial<Quote> = {}): Quote {
  const quote = makeQuote({ status: 'quoted', validUntil: '2999-12-31', note: 'Delivery in 3 weeks.', revision: 1, ...overrides });
  return {
    ...quote,
    items: quote.items.map((item, i) => ({ ...item, unitPrice: item.unitPrice ?? (i === 0 ? 14000 : 1250.5) })),
  };
}

