import { getCartState, MAX_CART_LINES, setCartState, type CartLine } from '../store/cart-store';
import type { Product } from '@/types/api';
import { checkQuantity, type QuantityCheck } from '@/utils/quantity';
import { cartMessages } from '@/config/cart-messages';

export type CartProduct = Pick<Product, '_id' | 'minimumquantity' | 'avaialbequantit'>;

/** A change of the lines (the note of lines a sign-in's merge dropped goes with the first one). */
function withLines(lines: CartLine[]) {
  setCartState({ owner: getCartState().owner, lines });
}

/** The quantity of `productId` in the cart (0: none). */
export function quantityInCart(productId: string): number {
  return getCartState().lines.find((line) => line.productId === productId)?.quantity ?? 0;
}

/**
 * Adds `quantity` pieces (the product's minimum by default) to what the cart
 * holds of the product, under the purchase page's rules: the line's new
 * quantity must be at least the minimum and at most the stock. Answers the
 * check; the cart changes only when it passed.
 */
export function addToCart(product: CartProduct, quantity: number = product.minimumquantity): QuantityCheck {
  const lines = getCartState().lines;
  const current = quantityInCart(product._id);
  if (current === 0 && lines.length >= MAX_CART_LINES) {
    return { ok: false, reason: 'above-available', message: cartMessages.cart.full(MAX_CART_LINES) };
  }
  const check = checkQuantity(String(current + quantity), product.minimumquantity, product.avaialbequantit);
  if (!check.ok) return check;
  withLines(current === 0 ? [...lines, { productId: product._id, quantity: check.quantity }] : lines.map((l) => (l.productId === product._id ? { ...l, quantity: check.quantity } : l)));
  return check;
}

/** Sets a line's quantity (the cart page checks it against the product first). */
export function setCartQuantity(productId: string, quantity: number): void {
  withLines(getCartState().lines.map((line) => (line.productId === productId ? { ...line, quantity } : line)));
}

export function removeFromCart(productId: string): void {
  withLines(getCartState().lines.filter((line) => line.productId !== productId));
}

/** After a checkout: the ordered lines leave the cart. */
export function clearCart(): void {
  withLines([]);
}
