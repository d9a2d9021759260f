import { orderMessages } from '@/config/order-messages';

/** The purchase page's quantity rules, shared with the cart (issue 34). */
export type QuantityCheck =
  | { ok: true; quantity: number }
  | { ok: false; reason: 'empty' | 'not-whole' | 'below-minimum' | 'above-available'; message: string };

/** Whether `value` (what the quantity field holds) is an order the product can take: whole, ≥ minimum, ≤ stock. */
export function checkQuantity(value: string, minimum: number, available: number): QuantityCheck {
  const text = value.trim();
  if (text === '') return { ok: false, reason: 'empty', message: orderMessages.orders.quantityRequired };
  if (!/^\d+$/.test(text)) return { ok: false, reason: 'not-whole', message: orderMessages.orders.quantityWhole };
  const quantity = Number(text);
  if (quantity < minimum) return { ok: false, reason: 'below-minimum', message: orderMessages.orders.quantityBelowMinimum(minimum) };
  if (quantity > available) return { ok: false, reason: 'above-available', message: orderMessages.orders.quantityAboveAvailable(available) };
  return { ok: true, quantity };
}

/** Out of the range the spec's toast is about (an empty or unfinished field is not, yet). */
export function isOutOfRange(check: QuantityCheck): boolean {
  return !check.ok && (check.reason === 'below-minimum' || check.reason === 'above-available');
}
