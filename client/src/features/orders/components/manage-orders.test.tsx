import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/testing/make-order';
import { makePurchase } from '@/testing/make-purchase';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Purchase } from '@/types/api';
import { ManageOrders } from './manage-orders';

/** Single orders, each its own purchase (under the order's id and number). */
const pending = makePurchase({ email: 'bob@example.com' }, [makeOrder({ name: 'Bob Builder', email: 'bob@example.com' })]);
const shipped = makePurchase({ email: 'cid@example.com', shipped: true, paid: true, payable: false, status: 'shipped', state: 'shipped', transactionId: 'pi_test_77aa' }, [makeOrder({
  _id: '64b7f0c2a1b2c3d4e5f6a002',
  name: 'Cid Contractor',
  email: 'cid@example.com',
  productName: 'MIG Welder 250A',
  pending: false,
  shipped: true,
  number: 1002,
  paid: true,
  transactionId: 'pi_test_77aa',
})]);

let orders: Purchase[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'admin-token');
  orders = [pending, shipped];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /groups': () => jsonResponse(orders, { headers: { 'X-Total-Count': String(orders.length) } }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

function SearchProbe() {
  return <div data-testid="search">{useLocation().search}</div>;
}

const row = (customerEmail: string) => within(screen.getByText(customerEmail).closest('tr')!);
const listCalls = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/groups')).length;

describe('ManageOrders', () => {
  it('lists every purchase (GET /groups) with its customer, PAINDING while pending, and paid or unpaid', async () => {
    const fake = api();
    renderWithProviders(<ManageOrders />);
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    expect(fake.calls).toContainEqual(expect.objectContaining({ path: '/groups?limit=20&skip=0', authorization: 'Bearer admin-token' })); // the session may ask GET /auth/me first
    expect(row('bob@example.com').getByText('Bob Builder')).toBeInTheDocument();
    expect(row('bob@example.com').getByText('PAINDING')).toBeInTheDocument();
    expect(row('bob@example.com').getByText('unpaid')).toBeInTheDocument();
    expect(row('bob@example.com').getByText('$14,900')).toBeInTheDocument();
    expect(row('cid@example.com').getByText('shipped')).toBeInTheDocument();
    expect(row('cid@example.com').getByText('paid')).toBeInTheDocument();
    expect(row('cid@example.com').getByTestId('transaction-id')).toHaveTextContent('pi_test_77aa');
  });

  it('Ship Now ships the purchase (PUT /groups/{its id}/ship, no body); it then shows Shipped, disabled', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true)); // the order is unpaid: the admin confirms
    const fake = api({
      [`PUT /groups/${pending._id}/ship`]: () => {
        orders = orders.map((o) => (o._id === pending._id ? { ...o, shipped: true, status: 'shipped' } : o));
        return jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      },
    });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    expect(row('bob@example.com').queryByRole('button', { name: 'Shipped' })).not.toBeInTheDocument();

    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Ship Now' }));
    expect(fake.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: `/groups/${pending._id}/ship`, body: undefined, authorization: 'Bearer admin-token' });
    await vi.waitFor(() => expect(listCalls(fake.calls)).toBe(2));
    expect(await row('bob@example.com').findByRole('button', { name: 'Shipped' })).toBeDisabled();
    expect(row('bob@example.com').queryByRole('button', { name: 'Ship Now' })).not.toBeInTheDocument();
    expect(row('bob@example.com').queryByText('PAINDING')).not.toBeInTheDocument();
    expect(await screen.findByText('The order is on its way.')).toBeInTheDocument();
  });

  it('Ship Now refused (409): toasts the server’s reason', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    api({ [`PUT /groups/${pending._id}/ship`]: () => problemResponse(409, 'The order has already shipped.') });
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
    const paidOrder = makePurchase({ email: 'dee@example.com', paid: true, payable: false, status: 'paid', transactionId: 'pi_test_88bb' }, [
      makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a003', number: 1003, email: 'dee@example.com', paid: true, transactionId: 'pi_test_88bb' }),
    ]);
    orders = [paidOrder];
    const fake = api({ [`PUT /groups/${paidOrder._id}/ship`]: () => jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }) });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('dee@example.com');
    await userEvent.click(row('dee@example.com').getByRole('button', { name: 'Ship Now' }));
    await vi.waitFor(() => expect(fake.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: `/groups/${paidOrder._id}/ship` }));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('Ship Now on a purchase on its company’s account ships without asking: it is invoiced when it ships (issue 45)', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const onAccount = makePurchase({ email: 'eve@example.com', paid: false, payable: false, status: 'unpaid', state: 'on_account', payment: 'account' }, [
      makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a004', number: 1004, email: 'eve@example.com' }),
    ]);
    orders = [onAccount];
    const fake = api({ [`PUT /groups/${onAccount._id}/ship`]: () => jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }) });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('eve@example.com');
    await userEvent.click(row('eve@example.com').getByRole('button', { name: 'Ship Now' }));
    await vi.waitFor(() => expect(fake.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: `/groups/${onAccount._id}/ship` }));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('filters by status on the server (GET /groups?status=), from the first page; All drops the filter', async () => {
    const fake = fakeApi({
      'GET /groups': ({ url }) => {
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
    expect(fake.calls.at(-1)).toMatchObject({ path: '/groups?limit=20&skip=0&status=shipped' });

    await userEvent.selectOptions(filter, 'paid');
    expect(await screen.findByText('No orders with this status.')).toBeInTheDocument();
    expect(fake.calls.at(-1)).toMatchObject({ path: '/groups?limit=20&skip=0&status=paid' });

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'all');
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    expect(fake.calls.at(-1)).toMatchObject({ path: '/groups?limit=20&skip=0' });
  });

  it('keeps the status and the page in the URL: opened there, it asks for them; another status starts at page 1', async () => {
    const fake = fakeApi({
      'GET /groups': ({ url }) => {
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
    expect(fake.calls.filter((c) => c.path.startsWith('/groups')).map((c) => c.path)).toEqual(['/groups?limit=20&skip=20&status=shipped']);
    expect(screen.getByLabelText('Show')).toHaveValue('shipped');

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'unpaid');
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?status=unpaid$/);
    expect(fake.calls.at(-1)).toMatchObject({ path: '/groups?limit=20&skip=0&status=unpaid' });
  });

  it('a shipped order shows Shipped (disabled); Delete is disabled once there is a transaction id', async () => {
    api();
    renderWithProviders(<ManageOrders />);
    await screen.findByText('cid@example.com');
    expect(row('cid@example.com').getByRole('button', { name: 'Shipped' })).toBeDisabled();
    expect(row('cid@example.com').getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(row('bob@example.com').getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('Delete: confirms with the spec’s question and cancels the purchase by its id', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const fake = api({
      [`DELETE /groups/${pending._id}`]: () => {
        orders = orders.filter((o) => o._id !== pending._id);
        return jsonResponse({ acknowledged: true, deletedCount: 1 });
      },
    });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are You sure Want to delete this product?');
    expect(fake.calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: `/groups/${pending._id}` });
    await vi.waitFor(() => expect(screen.queryByText('bob@example.com')).not.toBeInTheDocument());
  });

  it('Delete of an order already gone (deletedCount 0) says so', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    api({ [`DELETE /groups/${pending._id}`]: () => jsonResponse({ acknowledged: true, deletedCount: 0 }) });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This order was already deleted.')).toBeInTheDocument();
    expect(screen.queryByText('The order was deleted.')).not.toBeInTheDocument();
  });

  it('pages through the purchases with X-Total-Count (a count of purchases)', async () => {
    const fake = fakeApi({
      'GET /groups': ({ url }) =>
        jsonResponse(url.searchParams.get('skip') === '20' ? [shipped] : [pending], { headers: { 'X-Total-Count': '21' } }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    expect(screen.getByText('21 orders')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('cid@example.com')).toBeInTheDocument();
    expect(fake.calls.at(-1)).toMatchObject({ path: '/groups?limit=20&skip=20' });
  });
});

describe('ManageOrders: a cart is one purchase (issues 34, 43)', () => {
  const CART = '64b7f0c2a1b2c3d4e5f6b001';
  const a = makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a011', number: 1011, name: 'Dee Dealer', email: 'dee@example.com', group: CART, paid: true, transactionId: 'pi_g', invoiceNumber: 5 });
  const b = makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a012', number: 1012, name: 'Dee Dealer', email: 'dee@example.com', group: CART, productName: 'Ball Bearing 6205', productQuantity: 100, amount: 42_000, paid: true, transactionId: 'pi_g', invoiceNumber: 5 });
  const cart = makePurchase({ _id: CART, number: 1011, email: 'dee@example.com', paid: true, payable: false, status: 'paid', state: 'paid', transactionId: 'pi_g', invoiceNumber: 5, poNumber: 'PO-77', company: 'Acme Mining' }, [a, b]);

  it('one row with its one number, PO and company, its products counted (never 101 pcs), its invoice; it opens to its lines', async () => {
    orders = [pending, cart];
    api();
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    expect(screen.getAllByTestId('order-row')).toHaveLength(2);
    const cartRow = row('dee@example.com');
    expect(cartRow.getByTestId('order-number')).toHaveTextContent('Order #1011');
    expect(cartRow.getByTestId('purchase-po')).toHaveTextContent('PO-77');
    expect(cartRow.getByTestId('purchase-company')).toHaveTextContent('Acme Mining');
    expect(cartRow.getByText('2 products')).toBeInTheDocument();
    expect(cartRow.queryByText('101 pcs')).not.toBeInTheDocument();
    expect(cartRow.getByRole('button', { name: 'Download invoice #5' })).toBeInTheDocument();
    // Paid: its one cancel is greyed.
    expect(cartRow.getByRole('button', { name: 'Cancel order' })).toBeDisabled();

    await userEvent.click(cartRow.getByRole('button', { name: 'Show the products of order #1011' }));
    expect(cartRow.getAllByTestId('order-line')).toHaveLength(2);
    expect(cartRow.getByText('Ball Bearing 6205')).toBeInTheDocument();
  });

  it('ships the purchase whole with a carrier and tracking number (PUT /groups/{id}/ship), never a line', async () => {
    orders = [cart];
    const fake = api({
      [`PUT /groups/${CART}/ship`]: () => {
        orders = orders.map((o) => ({ ...o, shipped: true, status: 'shipped' }));
        return jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      },
    });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('dee@example.com');
    await userEvent.click(row('dee@example.com').getByRole('button', { name: 'Ship with tracking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship order #1011' });
    expect(within(dialog).queryByText('This order is not paid. Ship it anyway?')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Carrier (optional)' }), 'DHL');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tracking number (optional)' }), 'JD0140');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship Now' }));
    expect(await screen.findByText('The order is on its way.')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'PUT')).toEqual([expect.objectContaining({ path: `/groups/${CART}/ship`, body: { carrier: 'DHL', trackingNumber: 'JD0140' } })]);
    expect(await row('dee@example.com').findByRole('button', { name: 'Shipped' })).toBeDisabled();
  });

  it('an unpaid single order ships with tracking from the same dialog, which says it is unpaid', async () => {
    const fake = api({ [`PUT /groups/${pending._id}/ship`]: () => jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }) });
    renderWithProviders(<ManageOrders />);
    await screen.findByText('bob@example.com');
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Ship with tracking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship order #1001' });
    expect(within(dialog).getByText('This order is not paid. Ship it anyway?')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tracking number (optional)' }), 'TRK1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship Now' }));
    expect(await screen.findByText('The order is on its way.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: `/groups/${pending._id}/ship`, body: { trackingNumber: 'TRK1' } });
  });
});
