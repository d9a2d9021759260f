import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/testing/make-order';
import { makePurchase } from '@/testing/make-purchase';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Claim, Purchase } from '@/types/api';
import { OrderDetails } from './order-details';

const CART = '64b7f0c2a1b2c3d4e5f6b001';
const first = makeOrder({ group: CART, tax: 1_229.25, amount: 1_612_925 });
const second = makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a002', number: 1002, group: CART, productName: 'Ball Bearing 6205', productPrice: 4.2, productQuantity: 100, amount: 45_465, tax: 34.65 });

function cart(overrides: Partial<Purchase> = {}): Purchase {
  return makePurchase({ _id: CART, number: 1001, amount: 1_658_390, total: 16_583.9, tax: 1_263.9, ...overrides }, [first, second]);
}

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function api(cancel = () => jsonResponse({ acknowledged: true, deletedCount: 2 })) {
  const fake = fakeApi({
    [`DELETE /groups/${CART}`]: cancel,
    'GET /invoices/12.pdf': () => new Response('%PDF-1.7 test', { headers: { 'Content-Type': 'application/pdf' } }),
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('OrderDetails (one purchase)', () => {
  it('an unpaid cart: its lines without numbers of their own, the server’s figures, from quote #N, Pay to /payment/:id and one cancel for the whole purchase', async () => {
    const fake = api();
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderWithProviders(<OrderDetails purchase={cart({ quoteNumber: 1001, poNumber: 'PO-77', company: 'Acme Mining' })} claims={[]} />);
    expect(screen.getAllByTestId('from-quote')[0]).toHaveTextContent('from quote #1001');
    const lines = screen.getAllByTestId('order-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[1]!).getByText('100 pcs × $4.20')).toBeInTheDocument();
    expect(screen.queryByText(/#1002/)).not.toBeInTheDocument();
    expect(screen.getByTestId('purchase-po')).toHaveTextContent('PO-77');
    expect(screen.getByTestId('purchase-company')).toHaveTextContent('Acme Mining');
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('$15,320');
    expect(screen.getByTestId('order-tax')).toHaveTextContent('$1,263.90');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$16,583.90');
    expect(screen.getByRole('link', { name: 'Pay for order #1001' })).toHaveAttribute('href', `/payment/${CART}`);
    expect(screen.queryByTestId('invoice-download')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order #1001' }));
    expect(confirm).toHaveBeenCalledWith('Cancel this order and every product in it? The stock goes back to the shop.');
    await vi.waitFor(() => expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === `/groups/${CART}`)).toBe(true));
    expect(await screen.findByText('The order was cancelled.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/myorder'));
  });

  it('a single order is its purchase: the spec’s Delete and question, on DELETE /groups/{its id}', async () => {
    const order = makeOrder();
    const fake = fakeApi({ [`DELETE /groups/${order._id}`]: () => jsonResponse({ acknowledged: true, deletedCount: 1 }) });
    vi.stubGlobal('fetch', fake.fetch);
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderWithProviders(<OrderDetails purchase={makePurchase({}, [order])} claims={[]} />);
    expect(screen.getByRole('link', { name: 'Pay for order #1001' })).toHaveAttribute('href', `/payment/${order._id}`);
    expect(screen.queryByTestId('order-tax')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$14,900');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order #1001' }));
    expect(confirm).toHaveBeenCalledWith('Are You sure Want to delete this product?');
    expect(await screen.findByText('The order was deleted.')).toBeInTheDocument();
  });

  it('a cancel the server refuses (paid meanwhile: 409) stays on the page with the server’s reason', async () => {
    api(() => problemResponse(409, 'The order group is paid: it can no longer be cancelled.'));
    vi.stubGlobal('confirm', vi.fn(() => true));
    renderWithProviders(<OrderDetails purchase={cart()} claims={[]} />, { route: '/dashboard/order/o1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order #1001' }));
    expect(await screen.findByText(/The order group is paid: it can no longer be cancelled\./)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/order/o1');
    expect(screen.getByRole('button', { name: 'Cancel order #1001' })).toBeInTheDocument();
  });

  it('a paid, shipped purchase: the history with its payment, carrier and tracking, a claim on a line, and the invoice download (a blob with the token)', async () => {
    const claim = { _id: 'c1', number: 3, orderId: second._id, orderNumber: 1002, productName: second.productName, quantity: 1, email: 'ada@example.com', name: 'Ada', reason: 'Dented', images: [], status: 'requested', createdAt: '2025-03-08T10:00:00Z' } satisfies Claim;
    const fake = api();
    const purchase = cart({
      paid: true,
      payable: false,
      shipped: true,
      status: 'shipped',
      state: 'shipped',
      transactionId: 'pi_1',
      invoiceNumber: 12,
      paidAt: '2025-03-05T11:00:00Z',
      shippedAt: '2025-03-06T09:00:00Z',
      carrier: 'DHL',
      trackingNumber: 'JD0140',
    });
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    let savedAs = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download;
    });
    renderWithProviders(<OrderDetails purchase={purchase} claims={[claim]} />);

    expect(screen.getByTestId('history-placed')).toBeInTheDocument();
    const shipped = screen.getByTestId('history-shipped');
    expect(within(shipped).getByText('Carrier: DHL')).toBeInTheDocument();
    expect(within(shipped).getByText('Tracking number: JD0140')).toBeInTheDocument();
    expect(screen.getByTestId('history-paid')).toHaveTextContent('pi_1');
    expect(screen.getByTestId('history-claim')).toHaveTextContent('Claim #3 requested');
    expect(screen.queryByRole('link', { name: /Pay for order/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Download invoice #12' }));
    await vi.waitFor(() => expect(savedAs).toBe('invoice-12.pdf'));
    expect(createObjectURL).toHaveBeenCalled();
    expect(fake.calls.find((c) => c.path === '/invoices/12.pdf')).toMatchObject({ method: 'GET', authorization: 'Bearer tok' });
  });
});
