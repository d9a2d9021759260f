import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/testing/make-order';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Order } from '@/types/api';
import { ManageOrders } from './manage-orders';

const pending = makeOrder({ name: 'Bob Builder', email: 'bob@example.com' });
const shipped = makeOrder({
  _id: '64b7f0c2a1b2c3d4e5f6a002',
  name: 'Cid Contractor',
  email: 'cid@example.com',
  productName: 'MIG Welder 250A',
  pending: false,
  shipped: true,
  paid: true,
  transactionId: 'pi_test_77aa',
});

let orders: Order[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'admin-token');
  orders = [pending, shipped];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /orders': () => jsonResponse(orders, { headers: { 'X-Total-Count': String(orders.length) } }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

function SearchProbe() {
  return <div data-testid="search">{useLocation().search}</div>;
}

const row = (customerEmail: string) => within(screen.getByText(customerEmail).closest('tr')!);
const listCalls = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/orders')).length;

describe('ManageOrders', () => {
  it('lists every order with its customer, PAINDING while pending, and paid or unpaid', async () => {
    const fake = api();
    renderWithProviders(<ManageOrders />);
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    expect(fake.calls).toContainEqual(expect.objectContaining({ path: '/orders?limit=20&skip=0', authorization: 'Bearer admin-token' })); // the session may ask GET /auth/me first
    expect(row('bob@example.com').getByText('Bob Builder')).toBeInTheDocument();
    expect(row('bob@example.com').getByText('PAINDING')).toBeInTheDocument();
    expect(row('bob@example.com').getByText('unpaid')).toBeInTheDocument();
    expect(row('bob@example.com').getByText('$14,900')).toBeInTheDocument();
    expect(row('cid@example.com').getByText('shipped')).toBeInTheDocument();
    expect(row('cid@example.com').getByText('paid')).toBeInTheDocument();
    expect(row('cid@example.com').getByTestId('transaction-id')).toHaveTextContent('pi_test_77aa');
  });

  it('Ship Now ships the order (PUT /order/update/{id}); it then shows Shipped, disabled', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true)); // the order is unpaid: the admin confirms
    const fake = api({
      [`PUT /order/update/${pending._id}`]: () => {
        orders = orders.map((o) => (o._id === pending._id ? { ...o, pending: false, shipped: true } : o));
        return jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      },
    });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    expect(row('bob@example.com').queryByRole('button', { name: 'Shipped' })).not.toBeInTheDocument();

    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Ship Now' }));
    expect(fake.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: `/order/update/${pending._id}`, authorization: 'Bearer admin-token' });
    await vi.waitFor(() => expect(listCalls(fake.calls)).toBe(2));
    expect(await row('bob@example.com').findByRole('button', { name: 'Shipped' })).toBeDisabled();
    expect(row('bob@example.com').queryByRole('button', { name: 'Ship Now' })).not.toBeInTheDocument();
    expect(row('bob@example.com').queryByText('PAINDING')).not.toBeInTheDocument();
    expect(await screen.findByText('The order is on its way.')).toBeInTheDocument();
  });

  it('Ship Now refused (409): toasts the server’s reason', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    api({ [`PUT /order/update/${pending._id}`]: () => problemResponse(409, 'The order has already shipped.') });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Ship Now' }));
    expect(await screen.findByText('The order has already shipped.')).toBeInTheDocument();
  });

  it('shows each order’s number, address and mobile', async () => {
    api();
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    expect(row('bob@example.com').getByTestId('order-number')).toHaveTextContent('Order #1001');
    expect(row('bob@example.com').getByTestId('order-address')).toHaveTextContent('42 Foundry Road');
    expect(row('bob@example.com').getByTestId('order-mobile')).toHaveTextContent('+1 555 014 2290');
    expect(row('bob@example.com').getByText('Ship to')).toBeInTheDocument();
  });

  it('Ship Now on an unpaid order asks first; cancelling the question sends nothing', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const fake = api();
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Ship Now' }));
    expect(confirm).toHaveBeenCalledExactlyOnceWith('This order is not paid. Ship it anyway?');
    expect(row('bob@example.com').getByRole('button', { name: 'Ship Now' })).toBeEnabled();
    // Answered yes the second time, it ships: that must be the only PUT
    // (a wait for something that happens, not a pause for what must not).
    confirm.mockReturnValue(true);
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Ship Now' }));
    await vi.waitFor(() => expect(fake.calls.filter((c) => c.method === 'PUT')).not.toHaveLength(0));
    expect(fake.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('Ship Now on a paid order ships without asking', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const paidOrder = makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a003', number: 1003, email: 'dee@example.com', paid: true, transactionId: 'pi_test_88bb' });
    orders = [paidOrder];
    const fake = api({ [`PUT /order/update/${paidOrder._id}`]: () => jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }) });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('dee@example.com');
    await userEvent.click(row('dee@example.com').getByRole('button', { name: 'Ship Now' }));
    await vi.waitFor(() => expect(fake.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: `/order/update/${paidOrder._id}` }));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('filters by status on the server (GET /orders?status=), from the first page; All drops the filter', async () => {
    const fake = fakeApi({
      'GET /orders': ({ url }) => {
        const status = url.searchParams.get('status');
        const list = status === 'shipped' ? [shipped] : status === 'unpaid' ? [pending] : status === 'paid' ? [] : [pending, shipped];
        return jsonResponse(list, { headers: { 'X-Total-Count': String(list.length) } });
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    const filter = screen.getByLabelText('Show');
    expect(filter).toHaveValue('all');
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['All orders', 'Unpaid', 'Paid, not shipped', 'Shipped']);

    await userEvent.selectOptions(filter, 'shipped');
    await vi.waitFor(() => expect(screen.queryByText('bob@example.com')).not.toBeInTheDocument());
    expect(screen.getByText('cid@example.com')).toBeInTheDocument();
    expect(fake.calls.at(-1)).toMatchObject({ path: '/orders?limit=20&skip=0&status=shipped' });

    await userEvent.selectOptions(filter, 'paid');
    expect(await screen.findByText('No orders with this status.')).toBeInTheDocument();
    expect(fake.calls.at(-1)).toMatchObject({ path: '/orders?limit=20&skip=0&status=paid' });

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'all');
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    expect(fake.calls.at(-1)).toMatchObject({ path: '/orders?limit=20&skip=0' });
  });

  it('keeps the status and the page in the URL: opened there, it asks for them; another status starts at page 1', async () => {
    const fake = fakeApi({
      'GET /orders': ({ url }) => {
        const list = url.searchParams.get('status') === 'shipped' ? [shipped] : [pending];
        return jsonResponse(list, { headers: { 'X-Total-Count': '45' } });
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(
      <>
        <ManageOrders />
        <SearchProbe />
      </>,
      { route: '/dashboard/manageorder?status=shipped&page=2' },
    );
    expect(await screen.findByText('cid@example.com')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.path.startsWith('/orders')).map((c) => c.path)).toEqual(['/orders?limit=20&skip=20&status=shipped']);
    expect(screen.getByLabelText('Show')).toHaveValue('shipped');

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'unpaid');
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?status=unpaid$/);
    expect(fake.calls.at(-1)).toMatchObject({ path: '/orders?limit=20&skip=0&status=unpaid' });
  });

  it('a shipped order shows Shipped (disabled); Delete is disabled once there is a transaction id', async () => {
    api();
    renderWithProviders(<ManageOrders />);
    await screen.findByText('cid@example.com');
    expect(row('cid@example.com').getByRole('button', { name: 'Shipped' })).toBeDisabled();
    expect(row('cid@example.com').getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(row('bob@example.com').getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('Delete: confirms with the spec’s question and deletes by id', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const fake = api({
      [`DELETE /delete/${pending._id}`]: () => {
        orders = orders.filter((o) => o._id !== pending._id);
        return jsonResponse({ acknowledged: true, deletedCount: 1 });
      },
    });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are You sure Want to delete this product?');
    expect(fake.calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: `/delete/${pending._id}` });
    await vi.waitFor(() => expect(screen.queryByText('bob@example.com')).not.toBeInTheDocument());
  });

  it('Delete of an order already gone (deletedCount 0) says so', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    api({ [`DELETE /delete/${pending._id}`]: () => jsonResponse({ acknowledged: true, deletedCount: 0 }) });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This order was already deleted.')).toBeInTheDocument();
    expect(screen.queryByText('The order was deleted.')).not.toBeInTheDocument();
  });

  it('pages through the orders with X-Total-Count', async () => {
    const fake = fakeApi({
      'GET /orders': ({ url }) =>
        jsonResponse(url.searchParams.get('skip') === '20' ? [shipped] : [pending], { headers: { 'X-Total-Count': '21' } }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    expect(screen.getByText('21 orders')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('cid@example.com')).toBeInTheDocument();
    expect(fake.calls.at(-1)).toMatchObject({ path: '/orders?limit=20&skip=20' });
  });
});

describe('ManageOrders: order groups (issue 34)', () => {
  const GROUP = '64b7f0c2a1b2c3d4e5f6b001';
  const a = makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a011', number: 1011, name: 'Dee Dealer', email: 'dee@example.com', group: GROUP, paid: true, transactionId: 'pi_g', invoiceNumber: 5 });
  const b = makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a012', number: 1012, name: 'Dee Dealer', email: 'dee@example.com', group: GROUP, productName: 'Ball Bearing 6205', productQuantity: 100, amount: 42_000, paid: true, transactionId: 'pi_g', invoiceNumber: 5 });
  const group = { _id: GROUP, number: 7, email: 'dee@example.com', orderIds: [a._id, b._id], orders: [a, b], total: 15320, tax: 0, paid: true, transactionId: 'pi_g', invoiceNumber: 5, poNumber: 'PO-77', company: 'Acme Mining', createdAt: a.createdAt };

  it('shows a group’s orders as one row with its number, PO and company, which opens to its lines', async () => {
    orders = [pending, a, b];
    api({ [`GET /groups/${GROUP}`]: () => jsonResponse(group) });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    expect(screen.getAllByTestId('order-row')).toHaveLength(2);
    const groupRow = row('dee@example.com');
    expect(await groupRow.findByText('Group #7')).toBeInTheDocument();
    expect(groupRow.getByTestId('group-po')).toHaveTextContent('PO reference: PO-77');
    expect(groupRow.getByTestId('group-company')).toHaveTextContent('Company: Acme Mining');
    expect(groupRow.getByText('101 pcs')).toBeInTheDocument();
    expect(groupRow.getByRole('button', { name: 'Download invoice #5' })).toBeInTheDocument();
    expect(groupRow.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await userEvent.click(groupRow.getByRole('button', { name: 'Show the orders of group #7' }));
    expect(groupRow.getAllByTestId('group-line')).toHaveLength(2);
    expect(groupRow.getByText('Ball Bearing 6205')).toBeInTheDocument();
  });

  it('ships a group at once with a carrier and tracking number (PUT /groups/{id}/ship)', async () => {
    orders = [a, b];
    const fake = api({
      [`GET /groups/${GROUP}`]: () => jsonResponse(group),
      [`PUT /groups/${GROUP}/ship`]: () => {
        orders = orders.map((o) => ({ ...o, shipped: true, pending: false }));
        return jsonResponse({ acknowledged: true, matchedCount: 2, modifiedCount: 2 });
      },
    });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('dee@example.com');
    await userEvent.click(row('dee@example.com').getByRole('button', { name: 'Ship group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship the order group' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Carrier (optional)' }), 'DHL');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tracking number (optional)' }), 'JD0140');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship Now' }));
    expect(await screen.findByText('The order group is on its way.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: `/groups/${GROUP}/ship`, body: { carrier: 'DHL', trackingNumber: 'JD0140' } });
    expect(await row('dee@example.com').findByRole('button', { name: 'Shipped' })).toBeDisabled();
  });

  it('a single order ships with tracking from its own dialog (PUT /order/update/{id} with a body)', async () => {
    const fake = api({ [`PUT /order/update/${pending._id}`]: () => jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }) });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Ship with tracking' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This order is not paid. Ship it anyway?')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tracking number (optional)' }), 'TRK1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship Now' }));
    expect(await screen.findByText('The order is on its way.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: `/order/update/${pending._id}`, body: { trackingNumber: 'TRK1' } });
  });
});
