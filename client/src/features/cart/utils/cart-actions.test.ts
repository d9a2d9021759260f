import { describe, expect, it } from 'vitest';
import { getCartState } from '../store/cart-store';
import { makeProduct } from '@/testing/make-product';
import { addToCart, clearCart, removeFromCart, setCartQuantity } from './cart-actions';

describe('cart actions', () => {
  const product = makeProduct({ avaialbequantit: 5, minimumquantity: 2 });

  it('adds the minimum by default, then more of it, within the stock (the purchase page’s messages otherwise)', () => {
    expect(addToCart(product)).toEqual({ ok: true, quantity: 2 });
    expect(addToCart(product)).toEqual({ ok: true, quantity: 4 });
    expect(addToCart(product)).toMatchObject({ ok: false, message: 'Only 5 pcs are available' });
    expect(getCartState().lines).toEqual([{ productId: product._id, quantity: 4 }]);
  });

  it('refuses fewer than the minimum for a new line', () => {
    expect(addToCart(product, 1)).toMatchObject({ ok: false, message: 'The minimum order is 2 pcs' });
    expect(getCartState().lines).toEqual([]);
  });

  it('sets, removes and clears lines', () => {
    const other = makeProduct({ _id: '64b7f0c2a1b2c3d4e5f60009', minimumquantity: 1 });
    addToCart(product);
    addToCart(other);
    setCartQuantity(product._id, 3);
    expect(getCartState().lines).toEqual([
      { productId: product._id, quantity: 3 },
      { productId: other._id, quantity: 1 },
    ]);
    removeFromCart(other._id);
    expect(getCartState().lines).toEqual([{ productId: product._id, quantity: 3 }]);
    clearCart();
    expect(getCartState().lines).toEqual([]);
  });
});
