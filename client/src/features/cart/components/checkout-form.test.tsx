import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCartState, setCartState } from '../store/cart-store';
import { makeProduct } from '@/testing/make-product';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Product } from '@/types/api';
import { CheckoutForm } from './checkout-form';

const generator = makeProduct({ avaialbequantit: 12, minimumquantity: 2 });
const bearing = makeProduct({ _id: '64b7f0c2a1b2c3d4e5f60002', name: 'Ball Bearing 6205', price: 4.2, avaialbequantit: 500, minimumquantity: 100 });
const GROUP = '64b7f0c2a1b2c3d4e5f6b001';

let stock: Record<string, Product>;

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
  stock = { [generator._id]: generator, [bearing._id]: bearing };
  setCartState({
    owner: 'account',
    lines: [
      { productId: generator._id, quantity: 2 },
      { productId: bearing._id, quantity: 100 },
    ],
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const config = (taxRate: number, taxLabel = 'Sales tax') => () => jsonResponse({ paymentProvider: 'test', stripePublishableKey: '', googleClientId: '', taxRate, taxLabel });

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /config': config(0),
    'GET /service': ({ url }) => {
      const found = (url.searchParams.get('ids') ?? '').split(',').flatMap((id) => (stock[id] ? [stock[id]] : []));
      return jsonResponse(found, { headers: { 'X-Total-Count': String(found.length) } });
    },
    'GET /cart': () => jsonResponse({ items: getCartState().lines }),
    'PUT /cart': ({ body }) => jsonResponse(body),
    'POST /checkout': () => jsonResponse({ groupId: GROUP, number: 7, orderIds: ['a', 'b'], total: 30220, tax: 0, amount: 3_022_000 }, { status: 201 }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('CheckoutForm', () => {
  it('shows the tax by GET /config’s rate and label, each line rounded as its own order, and the total with it', async () => {
    api({ 'GET /config': config(8.25, 'VAT') });
    renderWithProviders(<CheckoutForm />, { route: '/checkout' });
    expect(await screen.findByText('VAT (8.25%)')).toBeInTheDocument();
    // $29,800 × 8.25% = $2,458.50 and $420 × 8.25% = $34.65
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('$30,220');
    expect(screen.getByTestId('order-tax')).toHaveTextContent('$2,493.15');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$32,713.15');
  });

  it('charges an exempt buyer no tax (issue 49): the line names the certificate, tax $0', async () => {
    const exemption = { _id: 'e1', email: 'ann@shop.test', name: 'Ann', number: 'RS-4471-88', country: 'US', status: 'approved',
      certificate: { filename: 'c.pdf', contentType: 'application/pdf', size: 9 }, createdAt: '2026-11-27T10:00:00Z' };
    api({ 'GET /config': config(8.25, 'VAT'), 'GET /account/tax-exemption': () => jsonResponse({ exempt: true, exemption }) });
    renderWithProviders(<CheckoutForm />, { route: '/checkout' });
    expect(await screen.findByText('Tax exempt: certificate RS-4471-88 (US)')).toBeInTheDocument();
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('$30,220');
    expect(screen.getByTestId('order-tax')).toHaveTextContent('$0');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$30,220');
  });

  it('taxes a buyer whose exemption is pending', async () => {
    const exemption = { _id: 'e1', email: 'ann@shop.test', name: 'Ann', number: 'RS-4471-88', country: 'US', status: 'pending',
      certificate: { filename: 'c.pdf', contentType: 'application/pdf', size: 9 }, createdAt: '2026-11-27T10:00:00Z' };
    api({ 'GET /config': config(8.25, 'VAT'), 'GET /account/tax-exemption': () => jsonResponse({ exempt: false, exemption }) });
    renderWithProviders(<CheckoutForm />, { route: '/checkout' });
    expect(await screen.findByText('VAT (8.25%)')).toBeInTheDocument();
    expect(screen.getByTestId('order-tax')).toHaveTextContent('$2,493.15');
  });

  it('shows no tax line when the store charges none', async () => {
    api();
    renderWithProviders(<CheckoutForm />, { route: '/checkout' });
    await vi.waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$30,220'));
    expect(screen.queryByTestId('order-tax')).toBeNull();
  });

  it('shows the lines, and requires Mobile and Address with the purchase page’s messages', async () => {
    const fake = api();
    renderWithProviders(<CheckoutForm />, { route: '/checkout' });
    expect(await screen.findByText('Diesel Generator 60 kVA')).toBeInTheDocument();
    expect(screen.getAllByTestId('checkout-line')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Mobile is Required')).toBeInTheDocument();
    expect(screen.getByText('Address is Required')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile/ }), '12');
    await userEvent.tab();
    expect(await screen.findByText('Provide a valid mobile number')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/checkout')).toBe(false);
  });

  it('places the cart with POST /checkout (PO and company when given), empties the cart, says the purchase’s one number and opens its payment page', async () => {
    const fake = api();
    renderWithProviders(<CheckoutForm />, { route: '/checkout' });
    await screen.findByText('Diesel Generator 60 kVA');
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile/ }), '+1 555 014 2290');
    await userEvent.type(screen.getByRole('textbox', { name: /Address/ }), '42 Foundry Road');
    await userEvent.type(screen.getByRole('textbox', { name: 'Purchase order reference (optional)' }), 'PO-77');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));

    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/payment/${GROUP}`));
    expect(fake.calls.find((c) => c.method === 'POST' && c.path === '/checkout')?.body).toEqual({
      items: [
        { productId: generator._id, quantity: 2 },
        { productId: bearing._id, quantity: 100 },
      ],
      address: '42 Foundry Road',
      mobile: '+1 555 014 2290',
      poNumber: 'PO-77',
    });
    expect(getCartState().lines).toEqual([]);
    expect(await screen.findByText('Order #7 is placed.')).toBeInTheDocument();
  });

  it('a member: the purchase is their company’s (no company field), at its prices, and its PO number is required', async () => {
    const fake = api({
      'GET /companies': () =>
        jsonResponse([{ _id: 'c1', name: 'Quarry Works Ltd', taxId: 'GB1', billingAddress: 'Leeds', status: 'approved', createdAt: '2026-11-01T10:00:00Z', role: 'buyer', poRequired: true }], {
          headers: { 'X-Total-Count': '1' },
        }),
      'GET /prices': () => jsonResponse([{ productId: generator._id, unitPrice: 13410, tiers: [] }]),
    });
    renderWithProviders(<CheckoutForm />, { route: '/checkout' });
    expect(await screen.findByTestId('checkout-company')).toHaveTextContent('This purchase is for Quarry Works Ltd.');
    expect(screen.queryByRole('textbox', { name: /Company name/ })).toBeNull();
    // 2 × 13,410 (the company's price) + 100 × 4.20
    await vi.waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$27,240'));
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile/ }), '+1 555 014 2290');
    await userEvent.type(screen.getByRole('textbox', { name: /Address/ }), '42 Foundry Road');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Enter your purchase order reference')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/checkout')).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: /required by Quarry Works Ltd/ }), 'PO-9');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await vi.waitFor(() => expect(fake.calls.find((c) => c.method === 'POST' && c.path === '/checkout')?.body).toMatchObject({ poNumber: 'PO-9' }));
    expect(fake.calls.find((c) => c.method === 'POST' && c.path === '/checkout')?.body).not.toHaveProperty('company');
  });

  it('a member may ship to one of the company’s addresses, listed after their own; its id is sent (issue 45)', async () => {
    const fake = api({
      'GET /companies': () =>
        jsonResponse([{ _id: 'c1', name: 'Quarry Works Ltd', taxId: 'GB1', billingAddress: 'Leeds', status: 'approved', createdAt: '2026-11-01T10:00:00Z', role: 'buyer' }], {
          headers: { 'X-Total-Count': '1' },
        }),
      'GET /addresses': () => jsonResponse([]),
      'GET /companies/c1/addresses': () =>
        jsonResponse([{ _id: 'y1', label: 'Yard', name: 'Ann Smith', company: '', line1: '3 Quarry Lane', line2: '', city: 'Leeds', postcode: 'LS1 4AP', country: 'GB', phone: '+44 113 496 0000', isDefault: true }]),
    });
    renderWithProviders(<CheckoutForm />, { route: '/checkout' });
    const yard = await screen.findByRole('radio', { name: 'Quarry Works Ltd: Yard: Ann Smith, 3 Quarry Lane, Leeds LS1 4AP, GB' });
    expect(yard).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await vi.waitFor(() => expect(fake.calls.find((c) => c.method === 'POST' && c.path === '/checkout')?.body).toMatchObject({ addressId: 'y1' }));
  });

  it('a member whose company has terms may choose On account (Net 30): sent as payment account, and the purchase’s page opens (issue 45)', async () => {
    const fake = api({
      'GET /companies': () =>
        jsonResponse(
          [{ _id: 'c1', name: 'Quarry Works Ltd', taxId: 'GB1', billingAddress: 'Leeds', status: 'approved', createdAt: '2026-11-01T10:00:00Z', role: 'buyer', termsDays: 30, creditLimit: 50000, committed: 12000.5 }],
          { headers: { 'X-Total-Count': '1' } },
        ),
    });
    renderWithProviders(<CheckoutForm />, { route: '/checkout' });
    const choice = await screen.findByTestId('payment-choice');
    expect(within(choice).getByRole('radio', { name: 'By card, after placing the order' })).toBeChecked();
    await userEvent.click(within(choice).getByRole('radio', { name: 'On account (Net 30)' }));
    expect(choice).toHaveTextContent('Invoiced to Quarry Works Ltd when it ships. Credit left: $37,999.50.');
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile/ }), '+1 555 014 2290');
    await userEvent.type(screen.getByRole('textbox', { name: /Address/ }), '42 Foundry Road');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/order/${GROUP}`));
    expect(fake.calls.find((c) => c.method === 'POST' && c.path === '/checkout')?.body).toMatchObject({ payment: 'account' });
    expect(await screen.findByText('Order #7 is placed on account. It is invoiced when it ships.')).toBeInTheDocument();
  });

  it('offers no payment choice to a customer, and sends no payment (card, as the seed does)', async () => {
    const fake = api();
    renderWithProviders(<CheckoutForm />, { route: '/checkout' });
    await screen.findByText('Diesel Generator 60 kVA');
    expect(screen.queryByTestId('payment-choice')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile/ }), '+1 555 014 2290');
    await userEvent.type(screen.getByRole('textbox', { name: /Address/ }), '42 Foundry Road');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await vi.waitFor(() => expect(fake.calls.find((c) => c.method === 'POST' && c.path === '/checkout')?.body).not.toHaveProperty('payment'));
  });

  it('a 409 names the lines short of stock now, and keeps the cart', async () => {
    api({
      'POST /checkout': () => {
        stock[bearing._id] = { ...bearing, avaialbequantit: 40 };
        return problemResponse(409, 'Not enough stock for every line, so nothing was ordered: Ball Bearing 6205 (40 left)');
      },
    });
    renderWithProviders(<CheckoutForm />, { route: '/checkout' });
    await screen.findByText('Diesel Generator 60 kVA');
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile/ }), '+1 555 014 2290');
    await userEvent.type(screen.getByRole('textbox', { name: /Address/ }), '42 Foundry Road');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));

    const short = await screen.findByTestId('checkout-short');
    expect(within(short).getByText('Not enough stock for these lines, so nothing was ordered:')).toBeInTheDocument();
    expect(await within(short).findByText('Ball Bearing 6205: only 40 pcs are available')).toBeInTheDocument();
    expect(getCartState().lines).toHaveLength(2);
  });

  it('refused for too many unpaid orders (409, no line short): the server’s detail, not a stock list', async () => {
    const limit = 'You have 10 unpaid orders, the most an account may hold. Pay for one or cancel one in My Orders, then order again.';
    api({ 'POST /checkout': () => problemResponse(409, limit) });
    renderWithProviders(<CheckoutForm />, { route: '/checkout' });
    await screen.findByText('Diesel Generator 60 kVA');
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile/ }), '+1 555 014 2290');
    await userEvent.type(screen.getByRole('textbox', { name: /Address/ }), '42 Foundry Road');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(limit)).toBeInTheDocument();
    expect(screen.queryByTestId('checkout-short')).not.toBeInTheDocument();
    expect(getCartState().lines).toHaveLength(2);
  });
  it('offers the delivery options with the server’s price and date for each, shows the chosen one’s figures, re-previews on a choice and checks out with it (issue 48)', async () => {
    const ROAD = '64b7f0c2a1b2c3d4e5f6c001';
    const DEPOT = '64b7f0c2a1b2c3d4e5f6c002';
    const figures = (body: Record<string, unknown>) =>
      body.shippingMethodId === ROAD
        ? body.country === 'FR'
          ? problemResponse(400, 'The delivery address is not valid.', { country: 'is not served by Road: choose another delivery option' })
          : jsonResponse({ subtotal: 30220, shipping: 180, tax: 0, total: 30400, days: 7, deliveryBy: '2026-12-04', freightOnQuote: false })
        : jsonResponse({ subtotal: 30220, shipping: 0, tax: 0, total: 30220, days: 3, deliveryBy: '2026-11-30', freightOnQuote: false });
    const fake = api({
      'GET /shipping/methods': () =>
        jsonResponse([
          { _id: DEPOT, name: 'Depot pick-up', kind: 'pickup', countries: [], rates: [], freeOver: null, days: 0 },
          { _id: ROAD, name: 'Road', kind: 'delivery', countries: ['GB'], rates: [{ maxKg: 1000, price: 180 }], freeOver: null, days: 4 },
        ]),
      'POST /checkout/preview': ({ body }) => figures(body as Record<string, unknown>),
    });
    renderWithProviders(<CheckoutForm />, { route: '/checkout' });
    expect(await screen.findByRole('radio', { name: 'Depot pick-up: Free. Expected by Nov 30, 2026' })).toBeChecked();
    expect(await screen.findByRole('radio', { name: 'Road: $180. Expected by Dec 4, 2026' })).not.toBeChecked();
    expect(screen.getByTestId('preview-total')).toHaveTextContent('$30,220');
    expect(screen.queryByTestId('order-total')).not.toBeInTheDocument(); // the server's figures only
    await userEvent.click(screen.getByRole('radio', { name: /^Road/ }));
    expect(await screen.findByTestId('preview-shipping')).toHaveTextContent('$180');
    expect(screen.getByTestId('preview-total')).toHaveTextContent('$30,400');
    await userEvent.type(screen.getByTestId('delivery-country'), 'fr');
    expect(await screen.findByRole('radio', { name: 'Road: Not available: is not served by Road: choose another delivery option' })).toBeInTheDocument();
    await userEvent.clear(screen.getByTestId('delivery-country'));
    await userEvent.type(screen.getByTestId('delivery-country'), 'gb');
    expect(await screen.findByRole('radio', { name: 'Road: $180. Expected by Dec 4, 2026' })).toBeChecked();
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile/ }), '+1 555 014 2290');
    await userEvent.type(screen.getByRole('textbox', { name: /Address/ }), '42 Foundry Road');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await vi.waitFor(() => expect(fake.calls.some((c) => c.method === 'POST' && c.path === '/checkout')).toBe(true));
    expect(fake.calls.find((c) => c.method === 'POST' && c.path === '/checkout')?.body).toMatchObject({ shippingMethodId: ROAD, country: 'GB' });
  });
});
