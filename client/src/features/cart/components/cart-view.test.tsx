import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { fakeApi, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { setCartState } from '../store/cart-store';
import { CartView } from './cart-view';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CartView', () => {
  it('says once how many lines a sign-in’s merge could not add (a cart holds 50), until the cart changes', async () => {
    const product = makeProduct({ _id: '64b7f0c2a1b2c3d4e5f60001', name: 'Pump P1', minimumquantity: 1, avaialbequantit: 10 });
    vi.stubGlobal('fetch', fakeApi({ [`GET /service/${product._id}`]: () => jsonResponse(product) }).fetch);
    setCartState({ owner: 'account', lines: [{ productId: product._id, quantity: 1 }], dropped: 3 });
    renderWithProviders(<CartView />);
    expect(screen.getByTestId('cart-dropped')).toHaveTextContent(
      'Signing in joined this browser’s cart to your account’s. A cart holds at most 50 products, so the last 3 were not added.',
    );
    await userEvent.click(await screen.findByRole('button', { name: /Remove/ }));
    expect(screen.queryByTestId('cart-dropped')).not.toBeInTheDocument();
  });
});
