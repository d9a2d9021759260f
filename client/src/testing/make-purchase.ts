import type { Order, Purchase } from '@/types/api';
import { makeOrder } from './make-order';

/**
 * A purchase as GET /groups answers it (tests only): by default a single order (makeOrder's) as its
 * purchase of one, under the order's id and number, placed and payable. Give `lines` for a cart.
 */
export function makePurchase(overrides: Partial<Purchase> = {}, lines: Order[] = [makeOrder()]): Purchase {
  const first = lines[0] ?? makeOrder();
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = lines.reduce((sum, line) => sum + (line.tax ?? 0), 0);
  return {
    _id: lines.length === 1 ? first._id : '64b7f0c2a1b2c3d4e5f6b001',
    number: first.number,
    email: first.email,
    orderIds: lines.map((line) => line._id),
    orders: lines,
    total: amount / 100,
    tax,
    amount,
    paid: false,
    shipped: false,
    status: 'unpaid',
    state: 'placed',
    payable: true,
    createdAt: first.createdAt,
    ...overrides,
  };
}
