import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/testing/make-order';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Claim, Order } from '@/types/api';
import type { Group } from '../api/get-group';
import { OrderDetails } from './order-details';

const GROUP = '64b7f0c2a1b2c3d4e5f6b001';
const first = makeOrder({ group: GROUP, history: [{ event: 'placed', at: '2025-03-05T10:00:00Z' }] });
const second = makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a002', number: 1002, group: GROUP, productName: 'Ball Bearing 6205', productPrice: 4.2, productQuantity: 100, amount: 42_000 });

function group(overrides: Partial<Group> = {}): Group {
  return {
    _id: GROUP,
    number: 7,
    email: 'ada@example.com',
    orderIds: [first._id, second._id],
    orders: [first, second],
    total: 15320,
    tax: 0,
    paid: false,
    createdAt: '2025-03-05T10:00:00Z',
    ...overrides,
  };
}

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function api(g: Group, cancel = () => jsonResponse({ acknowledged: true, deletedCount: 2 })) {
  const fake = fakeApi({
    [`GET /groups/${GROUP}`]: () => jsonResponse(g),
    [`DELETE /groups/${GROUP}`]: cancel,
    'GET /invoices/12.pdf': () => new Response('%PDF-1.7 test', { headers: { 'Content-Type': 'application/pdf' } }),
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('OrderDetails', () => {
  it('an unpaid group: its lines, figures, from quote #N, Pay to the group’s payment page and Cancel for the whole group', async () => {
    const fake = api(group({ quoteNumber: 1001, poNumber: 'PO-77', company: 'Acme Mining', tax: 1320 }));
    vi.stubGlobal('confirm', vi.fn(() => true));
    renderWithProviders(<OrderDetails order={first} claims={[]} />);
    expect(await screen.findByTestId('order-group')).toHaveTextContent('Group #7');
    expect(screen.getAllByTestId('group-from-quote')[0]).toHaveTextContent('from quote #1001');
    expect(screen.getAllByTestId('group-line')).toHaveLength(2);
    expect(screen.getByTestId('group-po')).toHaveTextContent('PO-77');
    expect(screen.getByTestId('group-company')).toHaveTextContent('Acme Mining');
    expect(screen.getByTestId('group-tax')).toHaveTextContent('$1,320');
    expect(screen.getByTestId('group-total')).toHaveTextContent('$15,320');
    expect(screen.getByRole('link', { name: 'Pay for group #7' })).toHaveAttribute('href', `/payment/group/${GROUP}`);
    expect(screen.queryByTestId('invoice-download')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel group #7' }));
    await vi.waitFor(() => expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === `/groups/${GROUP}`)).toBe(true));
    expect(await screen.findByText('The order group was cancelled.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/myorder'));
  });

  it('a cancel the server refuses (paid meanwhile: 409) stays on the page with the server’s reason', async () => {
    api(group(), () => problemResponse(409, 'The order group is paid: it can no longer be cancelled.'));
    vi.stubGlobal('confirm', vi.fn(() => true));
    renderWithProviders(<OrderDetails order={first} claims={[]} />, { route: '/dashboard/order/o1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel group #7' }));
    expect(await screen.findByText(/The order group is paid: it can no longer be cancelled\./)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/order/o1');
    expect(screen.getByRole('button', { name: 'Cancel group #7' })).toBeInTheDocument();
  });

  it('a paid, shipped group: the history with carrier and tracking, a claim, and the invoice download (a blob with the token)', async () => {
    const shippedOrder: Order = {
      ...first,
      paid: true,
      shipped: true,
      pending: false,
      transactionId: 'pi_1',
      invoiceNumber: 12,
      history: [
        { event: 'placed', at: '2025-03-05T10:00:00Z' },
        { event: 'paid', at: '2025-03-05T11:00:00Z', transactionId: 'pi_1' },
        { event: 'shipped', at: '2025-03-06T09:00:00Z', carrier: 'DHL', trackingNumber: 'JD0140' },
      ],
    };
    const claim = { _id: 'c1', number: 3, orderId: first._id, orderNumber: 1001, productName: first.productName, email: 'ada@example.com', name: 'Ada', reason: 'Dented', images: [], status: 'requested', createdAt: '2025-03-08T10:00:00Z' } satisfies Claim;
    const fake = api(group({ paid: true, transactionId: 'pi_1', invoiceNumber: 12, orders: [shippedOrder, { ...second, paid: true, shipped: true }] }));
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    let savedAs = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download;
    });
    renderWithProviders(<OrderDetails order={shippedOrder} claims={[claim]} />);

    const shipped = await screen.findByTestId('history-shipped');
    expect(within(shipped).getByText('Carrier: DHL')).toBeInTheDocument();
    expect(within(shipped).getByText('Tracking number: JD0140')).toBeInTheDocument();
    expect(screen.getByTestId('history-paid')).toHaveTextContent('pi_1');
    expect(screen.getByTestId('history-claim')).toHaveTextContent('Claim #3 requested');
    expect(screen.queryByRole('link', { name: /Pay for group/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Download invoice #12' }));
    await vi.waitFor(() => expect(savedAs).toBe('invoice-12.pdf'));
    expect(createObjectURL).toHaveBeenCalled();
    expect(fake.calls.find((c) => c.path === '/invoices/12.pdf')).toMatchObject({ method: 'GET', authorization: 'Bearer tok' });
  });
});
