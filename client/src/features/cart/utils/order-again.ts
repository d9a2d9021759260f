import { repeatBuyingMessages } from '@/config/repeat-buying-messages';
import type { Product } from '@/types/api';
import { formatPrice } from '@/utils/format';
import { addToCart } from './cart-actions';

const m = repeatBuyingMessages.orderAgain;

/** A line of an earlier purchase, as its page shows it. */
export interface PastLine {
  productId: string;
  productName: string;
  productPrice: number;
  productQuantity: number;
}

export interface OrderAgainResult {
  added: number;
  total: number;
  /** One note per line whose price changed, or that was not added whole. */
  notes: string[];
}

/**
 * Puts an earlier purchase's lines in the cart at today's prices (issue 49): each product as the catalogue
 * has it now (`products`, those still sold), its quantity within today's minimum and stock (fewer when the
 * stock is short, none when the product is gone or sold out), with a note for each line whose price changed
 * or that was not added whole.
 */
export function orderAgain(lines: readonly PastLine[], products: readonly Product[]): OrderAgainResult {
  const byId = new Map(products.map((p) => [p._id, p]));
  const notes: string[] = [];
  let added = 0;
  for (const line of lines) {
    const product = byId.get(line.productId);
    if (!product) {
      notes.push(m.gone(line.productName));
      continue;
    }
    if (product.avaialbequantit < product.minimumquantity) {
      notes.push(m.soldOut(product.name));
      continue;
    }
    const wanted = Math.max(line.productQuantity, product.minimumquantity);
    const quantity = Math.min(wanted, product.avaialbequantit);
    const check = addToCart(product, quantity);
    if (!check.ok) {
      notes.push(m.refused(product.name, check.message));
      continue;
    }
    added++;
    if (quantity < line.productQuantity) notes.push(m.fewer(product.name, quantity, line.productQuantity));
    if (product.price !== line.productPrice) notes.push(m.priceChanged(product.name, formatPrice(product.price), formatPrice(line.productPrice)));
  }
  return { added, total: lines.length, notes };
}
