import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { fakeApi, jsonResponse, problemResponse, renderAtRoute } from '@/testing/test-utils';
import PurchasePage from './purchase';

const ID = '64b7f0c2a1b2c3d4e5f60002';
const user = { _id: 'u1', email: 'ada@example.com', name: 'Ada Buyer', role: '', provider: 'password', createdAt: '' };
const generator = makeProduct({ _id: ID, description: 'Silent-canopy 60 kVA standby generator.', minimumquantity: 1 });

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(id: string, routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({ 'GET /auth/me': () => jsonResponse({ user }), ...routes });
  vi.stubGlobal('fetch', api.fetch);
  renderAtRoute('/purchase/:id', <PurchasePage />, { route: `/purchase/${id}` });
  return api;
}

describe('PurchasePage', () => {
  it('shows the product (image, name, price, stock, minimum, description) and the order form', async () => {
    renderAt(ID, { [`GET /service/${ID}`]: () => jsonResponse(generator) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Diesel Generator 60 kVA' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Diesel Generator 60 kVA' })).toHaveAttribute('src', generator.image);
    expect(screen.getAllByText('$14,900').length).toBeGreaterThan(0); // the price, and the total of the minimum order
    expect(screen.getByText('Available: 12 Pcs')).toBeInTheDocument();
    expect(screen.getByText('Order-Minimum: 1 pcs')).toBeInTheDocument();
    expect(screen.getByText('Silent-canopy 60 kVA standby generator.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText(/^Quantity/)).toHaveValue(1);
  });

  it('an unknown product: says it was not found, with a way back to the products', async () => {
    renderAt(ID, { [`GET /service/${ID}`]: () => problemResponse(404, 'The product was not found.') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('We could not find that product.');
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
  });

  it('a malformed id (400) is not found either', async () => {
    renderAt('nope', { 'GET /service/nope': () => problemResponse(400, '"nope" is not a valid id.') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
  });

  it('after an order, reloads the product: the stock on the page follows', async () => {
    let stock = 12;
    const api = renderAt(ID, {
      [`GET /service/${ID}`]: () => jsonResponse({ ...generator, avaialbequantit: stock }),
      'POST /order': () => {
        stock -= 1;
        return jsonResponse({ acknowledged: true, insertedId: '64b7f0c2a1b2c3d4e5f6a009' }, { status: 201 });
      },
    });
    await screen.findByText('Available: 12 Pcs');
    await userEvent.type(screen.getByLabelText(/^Mobile/), '+1 555 014 2290');
    await userEvent.type(screen.getByLabelText(/^Address/), '42 Foundry Road');
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Available: 11 Pcs')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === `/service/${ID}`)).toHaveLength(2);
  });
  it('the Purchase path offers the delivery options with the server’s figures, re-previews with the quantity, and orders with the one chosen (issue 48)', async () => {
    const DEPOT = '64b7f0c2a1b2c3d4e5f6c002';
    const api = renderAt(ID, {
      [`GET /service/${ID}`]: () => jsonResponse(generator),
      'GET /shipping/methods': () => jsonResponse([{ _id: DEPOT, name: 'Depot pick-up', kind: 'pickup', countries: [], rates: [], freeOver: null, days: 0 }]),
      'POST /checkout/preview': ({ body }) => {
        const q = (body as { items: { quantity: number }[] }).items[0]?.quantity ?? 0;
        return jsonResponse({ subtotal: 14900 * q, shipping: 0, tax: 0, total: 14900 * q, days: 2, deliveryBy: '2026-11-29', freightOnQuote: false });
      },
      'POST /order': () => jsonResponse({ acknowledged: true, insertedId: '64b7f0c2a1b2c3d4e5f6a009', number: 9, amount: 2980000, tax: 0, productPrice: 14900, productQuantity: 2 }, { status: 201 }),
    });
    expect(await screen.findByRole('radio', { name: 'Depot pick-up: Free. Expected by Nov 29, 2026' })).toBeChecked();
    expect(await screen.findByTestId('preview-total')).toHaveTextContent('$14,900');
    await userEvent.clear(screen.getByLabelText(/^Quantity/));
    await userEvent.type(screen.getByLabelText(/^Quantity/), '2');
    await vi.waitFor(() => expect(screen.getByTestId('preview-total')).toHaveTextContent('$29,800'));
    await userEvent.type(screen.getByLabelText(/^Mobile/), '+1 555 014 2290');
    await userEvent.type(screen.getByLabelText(/^Address/), '42 Foundry Road');
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await vi.waitFor(() => expect(api.calls.find((c) => c.method === 'POST' && c.path === '/order')?.body).toMatchObject({ productQuantity: 2, shippingMethodId: DEPOT }));
  });
});
