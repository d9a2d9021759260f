import { beforeEach, describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { getCartState, setCartState } from '../store/cart-store';
import { orderAgain } from './order-again';

const line = (productId: string, productName: string, productPrice: number, productQuantity: number) => ({ productId, productName, productPrice, productQuantity });

describe('orderAgain', () => {
  beforeEach(() => setCartState({ owner: 'account', lines: [] }));

  it('adds each line at today’s price and says what changed: a new price, fewer in stock, gone, sold out', () => {
    const products = [
      makeProduct({ _id: 'p1', name: 'Pump', price: 55, minimumquantity: 1, avaialbequantit: 10 }),
      makeProduct({ _id: 'p2', name: 'Valve', price: 5, minimumquantity: 1, avaialbequantit: 2 }),
      makeProduct({ _id: 'p3', name: 'Motor', price: 900, minimumquantity: 1, avaialbequantit: 0 }),
      makeProduct({ _id: 'p5', name: 'Hose', price: 12, minimumquantity: 1, avaialbequantit: 9 }),
    ];
    const result = orderAgain([line('p1', 'Pump', 50, 2), line('p2', 'Valve', 5, 4), line('p3', 'Motor', 900, 1), line('p4', 'Brake', 30, 1), line('p5', 'Hose', 12, 3)], products);
    expect(result).toEqual({
      added: 3,
      total: 5,
      notes: ['Pump: now $55 a piece (was $50).', 'Valve: only 2 in stock, so 2 of 4 pcs added.', 'Motor is out of stock: not added.', 'Brake is no longer sold: not added.'],
    });
    expect(getCartState().lines).toEqual([
      { productId: 'p1', quantity: 2 },
      { productId: 'p2', quantity: 2 },
      { productId: 'p5', quantity: 3 },
    ]);
  });
});
