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

describe('CartView with delivery options (issue 48)', () => {
  it('shows each option with the server’s price and date and the chosen one’s figures instead of its own total; the choice is the checkout’s', async () => {
    const ROAD = '64b7f0c2a1b2c3d4e5f6c001';
    const DEPOT = '64b7f0c2a1b2c3d4e5f6c002';
    const press = makeProduct({ _id: '64b7f0c2a1b2c3d4e5f60021', name: 'Press P1', price: 1000, minimumquantity: 1, avaialbequantit: 5 });
    const fake = fakeApi({
      'GET /service': () => jsonResponse([press], { headers: { 'X-Total-Count': '1' } }),
      'GET /config': () => jsonResponse({ paymentProvider: 'test', stripePublishableKey: '', googleClientId: '', taxRate: 8.25, taxLabel: 'Sales tax' }),
      'GET /shipping/methods': () =>
        jsonResponse([
          { _id: DEPOT, name: 'Depot pick-up', kind: 'pickup', countries: [], rates: [], freeOver: null, days: 1 },
          { _id: ROAD, name: 'Road', kind: 'delivery', countries: [], rates: [{ maxKg: 1000, price: 180 }], freeOver: null, days: 4 },
        ]),
      'POST /checkout/preview': ({ body }) =>
        (body as { shippingMethodId?: string }).shippingMethodId === ROAD
          ? jsonResponse({ subtotal: 1000, shipping: 180, tax: 97.35, total: 1277.35, days: 14, deliveryBy: '2026-12-11', freightOnQuote: false })
          : jsonResponse({ subtotal: 1000, shipping: 0, tax: 82.5, total: 1082.5, days: 11, deliveryBy: '2026-12-08', freightOnQuote: false }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    setCartState({ owner: 'visitor', lines: [{ productId: press._id, quantity: 2 }] });
    renderWithProviders(<CartView />);
    // the options load lazily, then their previews
    expect(await screen.findByRole('radio', { name: 'Depot pick-up: Free. Expected by Dec 8, 2026' }, { timeout: 5_000 })).toBeChecked();
    expect(await screen.findByRole('radio', { name: 'Road: $180. Expected by Dec 11, 2026' })).not.toBeChecked();
    expect(screen.getByTestId('preview-total')).toHaveTextContent('$1,082.50');
    expect(screen.queryByTestId('order-total')).not.toBeInTheDocument(); // the server's figures only
    await userEvent.click(screen.getByRole('radio', { name: /^Road/ }));
    expect(await screen.findByTestId('preview-shipping')).toHaveTextContent('$180');
    expect(screen.getByTestId('preview-total')).toHaveTextContent('$1,277.35');
    // each preview is of the cart's lines
    const previews = fake.calls.filter((c) => c.path === '/checkout/preview');
    expect(previews.map((c) => c.body)).toContainEqual({ items: [{ productId: press._id, quantity: 2 }], shippingMethodId: ROAD });
    // the choice is kept for the checkout (the tab's session)
    expect(JSON.parse(window.sessionStorage.getItem('deliveryChoice') ?? '{}')).toEqual({ shippingMethodId: ROAD, country: '' });
  });
});
