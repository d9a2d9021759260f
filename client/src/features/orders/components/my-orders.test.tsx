import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/testing/make-order';
import { makePurchase } from '@/testing/make-purchase';
import { queryKeys } from '@/lib/query-keys';
import { createTestQueryClient, fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Purchase } from '@/types/api';
import type { Cancellation } from '../api/get-cancellations';
import { MyOrders } from './my-orders';

/** Each single order is its own purchase (a purchase of one line under the order's id and number). */
const unpaid = makePurchase();
const paid = makePurchase({ paid: true, payable: false, status: 'paid', state: 'paid', transactionId: 'pi_test_3c9f0a' }, [makeOrder({
  _id: '64b7f0c2a1b2c3d4e5f6a002',
  productName: 'Deep Groove Ball Bearing 6205-2RS',
  productPrice: 4.2,
  productQuantity: 125,
  amount: 52_500,
  number: 1002,
  paid: true,
  transactionId: 'pi_test_3c9f0a',
})]);
const shipped = makePurchase({ shipped: true, status: 'shipped', state: 'shipped' }, [makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a003', number: 1003, productName: 'MIG Welder 250A', pending: false, shipped: true })]);

let orders: Purchase[];
let cancellations: Cancellation[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
  orders = [unpaid, paid, shipped];
  cancellations = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /groups': () => jsonResponse(orders, { headers: { 'X-Total-Count': String(orders.length) } }),
    'GET /cancellations': () => jsonResponse(cancellations, { headers: { 'X-Total-Count': String(cancellations.length) } }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const row = (product: string) => within(screen.getByText(product).closest('tr')!);

describe('MyOrders', () => {
  it('lists the customer’s purchases (GET /groups, by purchase): number, product, quantity, total in dollars, status', async () => {
    const fake = api();
    renderWithProviders(<MyOrders email="ada@example.com" />);
    expect(await screen.findByText('Diesel Generator 60 kVA')).toBeInTheDocument();
    expect(fake.calls).toContainEqual(expect.objectContaining({ path: '/groups?email=ada%40example.com&limit=20&skip=0', authorization: 'Bearer tok' })); // the session may ask GET /auth/me first
    expect(row('Diesel Generator 60 kVA').getByTestId('order-number')).toHaveTextContent('Order #1001');
    expect(row('Diesel Generator 60 kVA').getByText('1 pcs')).toBeInTheDocument();
    expect(row('Diesel Generator 60 kVA').getByText('$14,900')).toBeInTheDocument();
    expect(row('Deep Groove Ball Bearing 6205-2RS').getByText('$525')).toBeInTheDocument();
    expect(row('Diesel Generator 60 kVA').getByText('pending')).toBeInTheDocument();
    expect(row('MIG Welder 250A').getByText('shipped')).toBeInTheDocument();
    expect(screen.getByText('3 orders')).toBeInTheDocument();
  });

  it('offers a PAY link to /payment/{id} while unpaid', async () => {
    api();
    renderWithProviders(<MyOrders email="ada@example.com" />);
    await screen.findByText('Diesel Generator 60 kVA');
    expect(row('Diesel Generator 60 kVA').getByRole('link', { name: 'PAY' })).toHaveAttribute('href', `/payment/${unpaid._id}`);
    expect(row('Diesel Generator 60 kVA').getByRole('link', { name: 'Details of order #1001' })).toHaveAttribute('href', `/dashboard/order/${unpaid._id}`);
    expect(row('Diesel Generator 60 kVA').queryByText('paid')).not.toBeInTheDocument();
  });

  it('once paid: paid and the transaction id, no PAY, and Delete disabled', async () => {
    api();
    renderWithProviders(<MyOrders email="ada@example.com" />);
    await screen.findByText('Deep Groove Ball Bearing 6205-2RS');
    const paidRow = row('Deep Groove Ball Bearing 6205-2RS');
    expect(paidRow.getByText('paid')).toBeInTheDocument();
    expect(paidRow.getByTestId('transaction-id')).toHaveTextContent('pi_test_3c9f0a');
    expect(paidRow.queryByRole('link', { name: 'PAY' })).not.toBeInTheDocument();
    expect(paidRow.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(row('Diesel Generator 60 kVA').getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('a replacement order names its claim, linked to it in My Claims, instead of its transaction id', async () => {
    const replacement = makePurchase({ amount: 0, total: 0, paid: true, payable: false, status: 'paid', state: 'paid', transactionId: 'replacement:1001' }, [
      makeOrder({
        _id: '64b7f0c2a1b2c3d4e5f6a004',
        productName: 'Air Compressor 50 L',
        amount: 0,
        paid: true,
        transactionId: 'replacement:1001',
        replacementFor: { claimId: '64b7f0c2a1b2c3d4e5f6c001', number: 1001 },
      }),
    ]);
    orders = [replacement, paid];
    api();
    renderWithProviders(<MyOrders email="ada@example.com" />);
    await screen.findByText('Air Compressor 50 L');
    const link = row('Air Compressor 50 L').getByRole('link', { name: 'Replacement for claim #1001' });
    expect(link).toHaveAttribute('href', '/dashboard/myclaims#claim-64b7f0c2a1b2c3d4e5f6c001');
    expect(row('Air Compressor 50 L').queryByTestId('transaction-id')).not.toBeInTheDocument();
    expect(row('Deep Groove Ball Bearing 6205-2RS').queryByTestId('replacement-for')).not.toBeInTheDocument();
  });

  it('a paid or shipped order’s greyed Delete says why, shown under it and read with it; an unpaid one’s says nothing', async () => {
    api();
    renderWithProviders(<MyOrders email="ada@example.com" />);
    await screen.findByText('Deep Groove Ball Bearing 6205-2RS');
    const why = "Paid orders can't be deleted; request a claim or contact us";
    for (const product of ['Deep Groove Ball Bearing 6205-2RS', 'MIG Welder 250A']) {
      const button = row(product).getByRole('button', { name: 'Delete' });
      expect(button).toBeDisabled();
      expect(row(product).getByText(why)).toBeVisible();
      expect(button).toHaveAccessibleDescription(`${product} ${why}`);
    }
    const open = row('Diesel Generator 60 kVA');
    expect(open.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription('Diesel Generator 60 kVA');
    expect(open.queryByText(why)).not.toBeInTheDocument();
  });

  it('Delete: asks the spec’s question, cancels the purchase (DELETE /groups/{its id}), and reloads the list and the stock', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const queryClient = createTestQueryClient();
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    const fake = api({
      [`DELETE /groups/${unpaid._id}`]: () => {
        orders = orders.filter((o) => o._id !== unpaid._id);
        return jsonResponse({ acknowledged: true, deletedCount: 1 });
      },
    });
    renderWithProviders(<MyOrders email="ada@example.com" />, { queryClient });
    await screen.findByText('Diesel Generator 60 kVA');
    await userEvent.click(row('Diesel Generator 60 kVA').getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are You sure Want to delete this product?');
    expect(fake.calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: `/groups/${unpaid._id}`, authorization: 'Bearer tok' });
    await vi.waitFor(() => expect(screen.queryByText('Diesel Generator 60 kVA')).not.toBeInTheDocument());
    expect(await screen.findByText('The order was deleted.')).toBeInTheDocument();
    expect(invalidated).toHaveBeenCalledWith({ queryKey: queryKeys.products.all });
  });

  it('Delete: nothing is sent when the customer cancels', async () => {
    vi.stubGlobal('confirm', vi.fn(() => false));
    const fake = api();
    renderWithProviders(<MyOrders email="ada@example.com" />);
    await screen.findByText('Diesel Generator 60 kVA');
    await userEvent.click(row('Diesel Generator 60 kVA').getByRole('button', { name: 'Delete' }));
    expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('Delete refused (409): toasts the server’s reason', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    api({ [`DELETE /groups/${unpaid._id}`]: () => problemResponse(409, 'The order is paid (transaction pi_x) and cannot be deleted.') });
    renderWithProviders(<MyOrders email="ada@example.com" />);
    await screen.findByText('Diesel Generator 60 kVA');
    await userEvent.click(row('Diesel Generator 60 kVA').getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The order is paid (transaction pi_x) and cannot be deleted.')).toBeInTheDocument();
  });

  it('lists the cancelled orders, marked Cancelled, with number, product, quantity and date; none, no section', async () => {
    cancellations = [
      {
        _id: '64b7f0c2a1b2c3d4e5f6a009',
        orderId: '64b7f0c2a1b2c3d4e5f6a009',
        number: 1009,
        email: 'ada@example.com',
        productName: 'Hydraulic Press 20 t',
        productQuantity: 3,
        cancelledAt: '2025-03-07T10:00:00Z',
        by: 'buyer',
      },
      {
        _id: '64b7f0c2a1b2c3d4e5f6a008',
        orderId: '64b7f0c2a1b2c3d4e5f6a008',
        number: 1008,
        email: 'ada@example.com',
        productName: 'Bench Grinder 200 mm',
        productQuantity: 12,
        cancelledAt: '2025-03-06T10:00:00Z',
        by: 'admin',
      },
      {
        _id: '64b7f0c2a1b2c3d4e5f6a007',
        orderId: '64b7f0c2a1b2c3d4e5f6a007',
        number: 1007,
        email: 'ada@example.com',
        productName: 'Ball Bearing 6205',
        productQuantity: 80,
        cancelledAt: '2025-03-05T10:00:00Z',
        by: 'system',
        reason: 'not paid in time',
        purchase: '64b7f0c2a1b2c3d4e5f6b001',
        purchaseNumber: 1001,
      },
    ];
    const fake = api();
    renderWithProviders(<MyOrders email="ada@example.com" />);
    const section = within(await screen.findByRole('region', { name: 'Cancelled orders' }));
    expect(fake.calls).toContainEqual(expect.objectContaining({ path: '/cancellations?limit=10&skip=0' }));
    expect(section.getByText('3 cancelled orders')).toBeInTheDocument();
    const rows = section.getAllByTestId('cancelled-order');
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByText('Hydraulic Press 20 t')).toBeInTheDocument();
    expect(first.getByText('Order #1009')).toBeInTheDocument();
    expect(first.getByText('3 pcs')).toBeInTheDocument();
    expect(first.getByText('Cancelled')).toBeInTheDocument();
    expect(first.getByText(/^Cancelled Mar 7, 2025$/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/by the shop/)).toBeInTheDocument();
    // A cart's line carries its purchase's number; a reservation that ran out says so.
    expect(within(rows[2]!).getByText('Order #1001')).toBeInTheDocument();
    expect(within(rows[2]!).getByTestId('cancelled-by')).toHaveTextContent('by the shop: not paid in time');
    // The orders table above is unchanged.
    expect(screen.getByText('3 orders')).toBeInTheDocument();
  });

  it('shows no cancelled section while nothing was cancelled', async () => {
    api();
    renderWithProviders(<MyOrders email="ada@example.com" />);
    await screen.findByText('Diesel Generator 60 kVA');
    expect(screen.queryByRole('region', { name: 'Cancelled orders' })).not.toBeInTheDocument();
  });

  it('says so when there are no orders yet', async () => {
    orders = [];
    api();
    renderWithProviders(<MyOrders email="ada@example.com" />);
    expect(await screen.findByText('You have not ordered anything yet.')).toBeInTheDocument();
  });

  it('waits for the account before asking for orders', () => {
    const fake = api();
    renderWithProviders(<MyOrders email={undefined} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.path.startsWith('/groups'))).toEqual([]);
  });
});

describe('MyOrders: a cart is one purchase (issue 43)', () => {
  const CART = '64b7f0c2a1b2c3d4e5f6b001';
  const a = makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a011', number: 1011, group: CART, productQuantity: 2, amount: 2_980_000 });
  const b = makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a012', number: 1012, group: CART, productName: 'Ball Bearing 6205', productPrice: 4.2, productQuantity: 80, amount: 33_600 });
  const cart = makePurchase({ _id: CART, number: 1011, poNumber: 'PO-77' }, [a, b]);

  it('one row, one number, its products counted (never their pieces added), PAY to its payment page, Cancel order for the whole; its lines on demand', async () => {
    orders = [cart, paid];
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const fake = api({ [`DELETE /groups/${CART}`]: () => jsonResponse({ acknowledged: true, deletedCount: 2 }) });
    renderWithProviders(<MyOrders email="ada@example.com" />);
    const cartRow = within((await screen.findByText('Order #1011')).closest('tr')!);
    expect(screen.getAllByTestId('order-row')).toHaveLength(2);
    expect(screen.getByText('2 orders')).toBeInTheDocument();
    expect(cartRow.getByText('2 products')).toBeInTheDocument();
    expect(cartRow.queryByText(/82 pcs/)).not.toBeInTheDocument();
    expect(cartRow.getByText('$30,136')).toBeInTheDocument();
    expect(cartRow.getByTestId('purchase-po')).toHaveTextContent('PO-77');
    expect(cartRow.getByRole('link', { name: 'PAY' })).toHaveAttribute('href', `/payment/${CART}`);
    expect(cartRow.getByRole('link', { name: 'Details of order #1011' })).toHaveAttribute('href', `/dashboard/order/${CART}`);
    expect(cartRow.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await userEvent.click(cartRow.getByRole('button', { name: 'Show the products of order #1011' }));
    const lines = cartRow.getAllByTestId('order-line');
    expect(lines.map((l) => l.textContent)).toEqual([expect.stringContaining('2 pcs × $14,900'), expect.stringContaining('80 pcs × $4.20')]);
    expect(cartRow.queryByText(/#1012/)).not.toBeInTheDocument();

    await userEvent.click(cartRow.getByRole('button', { name: 'Cancel order' }));
    expect(confirm).toHaveBeenCalledWith('Cancel this order and every product in it? The stock goes back to the shop.');
    await vi.waitFor(() => expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === `/groups/${CART}`)).toBe(true));
    expect(await screen.findByText('The order was cancelled.')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.path.startsWith('/delete/'))).toBe(false);
  });

  it('a purchase that cannot be paid now (being cancelled) shows unpaid, with no PAY', async () => {
    orders = [makePurchase({ payable: false, state: 'cancelling' })];
    api();
    renderWithProviders(<MyOrders email="ada@example.com" />);
    await screen.findByText('Diesel Generator 60 kVA');
    expect(row('Diesel Generator 60 kVA').getByText('unpaid')).toBeInTheDocument();
    expect(row('Diesel Generator 60 kVA').queryByRole('link', { name: 'PAY' })).not.toBeInTheDocument();
  });
});
