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
    const fake = fakeApi({ 'GET /service': ({ url }) => jsonResponse(url.searchParams.get('ids') === product._id ? [product] : []) });
    vi.stubGlobal('fetch', fake.fetch);
    setCartState({ owner: 'account', lines: [{ productId: product._id, quantity: 1 }], dropped: 3 });
    renderWithProviders(<CartView />);
    expect(screen.getByTestId('cart-dropped')).toHaveTextContent(
      'Signing in joined this browser’s cart to your account’s. A cart holds at most 50 products, so the last 3 were not added.',
    );
    await userEvent.click(await screen.findByRole('button', { name: /Remove/ }));
    expect(screen.queryByTestId('cart-dropped')).not.toBeInTheDocument();
  });

  it('reads every line’s product in one request (GET /service?ids=), not one each; a product gone says so', async () => {
    const products = [1, 2, 3].map((i) => makeProduct({ _id: `64b7f0c2a1b2c3d4e5f6000${i}`, name: `Pump P${i}`, minimumquantity: 1, avaialbequantit: 10 }));
    const fake = fakeApi({ 'GET /service': () => jsonResponse(products.slice(0, 2), { headers: { 'X-Total-Count': '2' } }) });
    vi.stubGlobal('fetch', fake.fetch);
    setCartState({ owner: 'visitor', lines: products.map((p) => ({ productId: p._id, quantity: 1 })) });
    renderWithProviders(<CartView />);
    expect(await screen.findByText('Pump P2')).toBeInTheDocument();
    expect(screen.getByText('This product is no longer in the catalogue.')).toBeInTheDocument();
    const reads = fake.calls.filter((c) => c.path.startsWith('/service'));
    expect(reads.map((c) => c.path)).toEqual([`/service?ids=${products.map((p) => p._id).join('%2C')}`]);
  });

  it('shows a signed-in member their company’s prices (GET /prices): each line and the figures as the checkout charges them', async () => {
    window.localStorage.setItem('accessToken', 'tok');
    const gauge = makeProduct({ _id: '64b7f0c2a1b2c3d4e5f60011', name: 'Gauge G1', price: 15.5, minimumquantity: 1, avaialbequantit: 100, tiers: [{ min: 50, percentOff: 10 }] });
    const fake = fakeApi({
      'GET /service': () => jsonResponse([gauge], { headers: { 'X-Total-Count': '1' } }),
      'GET /prices': () => jsonResponse([{ productId: gauge._id, unitPrice: 13.95, tiers: [{ min: 50, percentOff: 10, unitPrice: 12.56 }] }]),
      'GET /config': () => jsonResponse({ paymentProvider: 'test', stripePublishableKey: '', googleClientId: '', taxRate: 8.25, taxLabel: 'Sales tax' }),
      'GET /cart': () => jsonResponse({ items: [{ productId: gauge._id, quantity: 50 }] }),
      'PUT /cart': ({ body }) => jsonResponse(body),
    });
    vi.stubGlobal('fetch', fake.fetch);
    setCartState({ owner: 'account', lines: [{ productId: gauge._id, quantity: 50 }] });
    renderWithProviders(<CartView />);
    expect(await screen.findByText('$12.56 per piece · Your company’s price')).toBeInTheDocument();
    // 50 × 12.56 = 628.00, tax 51.81 (the shared cases' company line)
    expect(screen.getByTestId('cart-line-total')).toHaveTextContent('$628');
    expect(await screen.findByTestId('order-tax')).toHaveTextContent('$51.81');
    window.localStorage.removeItem('accessToken');
  });
});
