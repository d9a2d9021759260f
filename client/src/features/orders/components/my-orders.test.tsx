import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/testing/make-order';
import { queryKeys } from '@/lib/query-keys';
import { createTestQueryClient, fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Order } from '@/types/api';
import type { Cancellation } from '../api/get-cancellations';
import { MyOrders } from './my-orders';

const unpaid = makeOrder();
const paid = makeOrder({
  _id: '64b7f0c2a1b2c3d4e5f6a002',
  productName: 'Deep Groove Ball Bearing 6205-2RS',
  productPrice: 4.2,
  productQuantity: 125,
  amount: 52_500,
  paid: true,
  transactionId: 'pi_test_3c9f0a',
});
const shipped = makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a003', productName: 'MIG Welder 250A', pending: false, shipped: true });

let orders: Order[];
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
    'GET /order': () => jsonResponse(orders, { headers: { 'X-Total-Count': String(orders.length) } }),
    'GET /cancellations': () => jsonResponse(cancellations, { headers: { 'X-Total-Count': String(cancellations.length) } }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const row = (product: string) => within(screen.getByText(product).closest('tr')!);

describe('MyOrders', () => {
  it('lists the customer’s orders: number, product, quantity, total in dollars, status', async () => {
    const fake = api();
    renderWithProviders(<MyOrders email="ada@example.com" />);
    expect(await screen.findByText('Diesel Generator 60 kVA')).toBeInTheDocument();
    expect(fake.calls).toContainEqual(expect.objectContaining({ path: '/order?email=ada%40example.com&limit=20&skip=0', authorization: 'Bearer tok' })); // the session may ask GET /auth/me first
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
    const replacement = makeOrder({
      _id: '64b7f0c2a1b2c3d4e5f6a004',
      productName: 'Air Compressor 50 L',
      amount: 0,
      paid: true,
      transactionId: 'replacement:1001',
      replacementFor: { claimId: '64b7f0c2a1b2c3d4e5f6c001', number: 1001 },
    });
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

  it('Delete: asks the spec’s question, deletes by id, and reloads the list and the stock', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const queryClient = createTestQueryClient();
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    const fake = api({
      [`DELETE /delete/${unpaid._id}`]: () => {
        orders = orders.filter((o) => o._id !== unpaid._id);
        return jsonResponse({ acknowledged: true, deletedCount: 1 });
      },
    });
    renderWithProviders(<MyOrders email="ada@example.com" />, { queryClient });
    await screen.findByText('Diesel Generator 60 kVA');
    await userEvent.click(row('Diesel Generator 60 kVA').getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are You sure Want to delete this product?');
    expect(fake.calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: `/delete/${unpaid._id}`, authorization: 'Bearer tok' });
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
    api({ [`DELETE /delete/${unpaid._id}`]: () => problemResponse(409, 'The order is paid (transaction pi_x) and cannot be deleted.') });
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
    ];
    const fake = api();
    renderWithProviders(<MyOrders email="ada@example.com" />);
    const section = within(await screen.findByRole('region', { name: 'Cancelled orders' }));
    expect(fake.calls).toContainEqual(expect.objectContaining({ path: '/cancellations?limit=10&skip=0' }));
    expect(section.getByText('2 cancelled orders')).toBeInTheDocument();
    const rows = section.getAllByTestId('cancelled-order');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Hydraulic Press 20 t')).toBeInTheDocument();
    expect(first.getByText('Order #1009')).toBeInTheDocument();
    expect(first.getByText('3 pcs')).toBeInTheDocument();
    expect(first.getByText('Cancelled')).toBeInTheDocument();
    expect(first.getByText(/^Cancelled Mar 7, 2025$/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/by the shop/)).toBeInTheDocument();
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
    expect(fake.calls.filter((c) => c.path.startsWith('/order'))).toEqual([]);
  });
});

describe('MyOrders: order groups (issue 34)', () => {
  const GROUP = '64b7f0c2a1b2c3d4e5f6b001';
  const a = makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a011', number: 1011, group: GROUP });
  const b = makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a012', number: 1012, group: GROUP, productName: 'Ball Bearing 6205', productQuantity: 100, amount: 42_000 });
  const group = { _id: GROUP, number: 7, email: 'ada@example.com', orderIds: [a._id, b._id], orders: [a, b], total: 15320, tax: 0, paid: false, createdAt: a.createdAt };

  it('shows a group as one row: PAY opens the group’s payment, Cancel order cancels it whole, no single-order Delete; rows link to the order page', async () => {
    orders = [a, b, paid];
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const fake = api({
      [`GET /groups/${GROUP}`]: () => jsonResponse(group),
      [`DELETE /groups/${GROUP}`]: () => jsonResponse({ acknowledged: true, deletedCount: 2 }),
    });
    renderWithProviders(<MyOrders email="ada@example.com" />);
    const groupRow = within((await screen.findByText('Group #7')).closest('tr')!);
    expect(screen.getAllByTestId('order-row')).toHaveLength(2);
    expect(groupRow.getByRole('link', { name: 'PAY' })).toHaveAttribute('href', `/payment/group/${GROUP}`);
    expect(groupRow.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(groupRow.getByRole('link', { name: 'Details of order #1011' })).toHaveAttribute('href', `/dashboard/order/${a._id}`);
    expect(row('Deep Groove Ball Bearing 6205-2RS').getByRole('link', { name: 'Details of order #1001' })).toBeInTheDocument();

    await userEvent.click(groupRow.getByRole('button', { name: 'Cancel order' }));
    expect(confirm).toHaveBeenCalledWith('Cancel every order of this group? The stock goes back to the shop.');
    await vi.waitFor(() => expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === `/groups/${GROUP}`)).toBe(true));
    expect(fake.calls.some((c) => c.path.startsWith('/delete/'))).toBe(false);
  });
});
