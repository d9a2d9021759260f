import type { Order } from '@/types/api';

/** An order as the API answers it (tests only): an unpaid, pending Diesel Generator unless told otherwise. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: '64b7f0c2a1b2c3d4e5f6a001',
    number: 1001,
    name: 'Ada Buyer',
    email: 'ada@example.com',
    image: 'https://example.com/generator.jpg',
    productId: '64b7f0c2a1b2c3d4e5f60002',
    productName: 'Diesel Generator 60 kVA',
    productPrice: 14900,
    productQuantity: 1,
    amount: 1_490_000,
    address: '42 Foundry Road',
    mobile: '+1 555 014 2290',
    pending: true,
    shipped: false,
    paid: false,
    transactionId: '',
    createdAt: '2025-03-05T10:00:00Z',
    ...overrides,
  };
}
