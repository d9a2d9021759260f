import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { queryKeys } from '@/lib/query-keys';
import { createTestQueryClient, fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { PurchaseForm } from './purchase-form';
import { OUT_OF_RANGE_TOAST_DELAY_MS } from './use-out-of-range-toast';

// The toast helper, recorded: the tests count how often the form calls it.
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/toast')>()), useToast: () => toast }));

const OUT_OF_RANGE = 'Please enter a value greater than the minimum quantity and less than the minimum quantity';

const bearing = makeProduct({
  name: 'Deep Groove Ball Bearing 6205-2RS',
  price: 4.2,
  image: 'https://example.com/bearing.jpg',
  description: 'Sealed bearing.',
  avaialbequantit: 12000,
  minimumquantity: 100,
});
const user = { name: 'Ada Buyer', email: 'ada@example.com' };

// Fake timers that also follow the real clock: the out-of-range toast's
// delay is skipped over with advanceTimersByTimeAsync instead of waited out.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.localStorage.setItem('accessToken', 'tok');
  toast.success.mockClear();
  toast.error.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const config = { paymentProvider: 'test', stripePublishableKey: '', googleClientId: '', taxRate: 8.25, taxLabel: 'Sales tax' };

function setup(routes: Parameters<typeof fakeApi>[0] = {}, product = bearing) {
  const api = fakeApi({ 'GET /config': () => jsonResponse(config), ...routes });
  vi.stubGlobal('fetch', api.fetch);
  const queryClient = createTestQueryClient();
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  renderWithProviders(<PurchaseForm product={product} user={user} />, { queryClient });
  // The order's own mutation reloads the stock (the catalogue) and the orders, whatever the page.
  const stockReloaded = () => expect(invalidated).toHaveBeenCalledWith({ queryKey: queryKeys.products.all });
  return { api, stockReloaded };
}

const quantity = () => screen.getByLabelText(/^Quantity/);
const mobile = () => screen.getByLabelText(/^Mobile/);
const address = () => screen.getByLabelText(/^Address/);
const submit = () => screen.getByRole('button', { name: 'Place Order' });
const orderCalls = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === 'POST' && c.path === '/order');

/** Moves the fake clock on by ms, running the timers due and the work they start. */
const pause = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function setQuantity(value: string) {
  await userEvent.clear(quantity());
  await userEvent.type(quantity(), value);
}

describe('PurchaseForm', () => {
  it('starts at the minimum quantity, with the account and the product read-only, and the total with its tax as the server will charge it', async () => {
    setup();
    expect(quantity()).toHaveValue(100);
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Buyer');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Product')).toHaveValue('Deep Groove Ball Bearing 6205-2RS');
    expect(screen.getByLabelText('Price')).toHaveValue('$4.20');
    expect(screen.getByLabelText('Price')).toHaveAttribute('readonly');
    // 100 × $4.20 = $420, and 8.25% of it ($34.65): computed before asking, as the server computes it (utils/money).
    expect(await screen.findByText('Sales tax (8.25%)')).toBeInTheDocument();
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('$420');
    expect(screen.getByTestId('order-tax')).toHaveTextContent('$34.65');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$454.65');
    expect(submit()).toBeEnabled();
  });

  it('below the minimum: the spec’s toast once, the reason under the field, and submit disabled', async () => {
    setup();
    await setQuantity('99');
    expect(quantity()).toHaveAccessibleDescription('The minimum order is 100 pcs');
    expect(submit()).toBeDisabled();
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(OUT_OF_RANGE));
    await pause(OUT_OF_RANGE_TOAST_DELAY_MS + 100);
    expect(toast.error).toHaveBeenCalledTimes(1); // once, however long it stays there

    await setQuantity('150'); // passes "1" and "15" on the way: no toast for those
    expect(submit()).toBeEnabled();
    // $630 and 8.25% of it, $51.975, rounded half up to the cent.
    expect(screen.getByTestId('order-total')).toHaveTextContent('$681.98');
    await pause(OUT_OF_RANGE_TOAST_DELAY_MS + 100);
    expect(toast.error).toHaveBeenCalledTimes(1);

    await setQuantity('50'); // out of range again: once more
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
  });

  it('above the available quantity: submit disabled', async () => {
    setup();
    await setQuantity('12001');
    expect(submit()).toBeDisabled();
    expect(quantity()).toHaveAccessibleDescription('Only 12000 pcs are available');
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(OUT_OF_RANGE));
  });

  it('submitted out of range: the same toast, and nothing is sent', async () => {
    const { api } = setup();
    await userEvent.type(mobile(), '+1 555 014 2290');
    await userEvent.type(address(), '42 Foundry Road');
    await setQuantity('10');
    fireEvent.submit(submit().closest('form')!); // as Enter would, were the button not disabled
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(OUT_OF_RANGE));
    await pause(OUT_OF_RANGE_TOAST_DELAY_MS + 100);
    expect(toast.error).toHaveBeenCalledTimes(1); // said at the submit; the pause's toast is not said again
    expect(orderCalls(api)).toEqual([]);
  });

  it('requires mobile and address', async () => {
    const { api } = setup();
    await userEvent.click(submit());
    expect(mobile()).toHaveAccessibleDescription('Mobile is Required');
    expect(address()).toHaveAccessibleDescription('Address is Required');
    expect(orderCalls(api)).toEqual([]);
  });

  it('orders: sends the order, toasts Order successfully, confirms it with its purchase’s number and the server’s tax and total, and reloads the stock', async () => {
    // The server's answer is what is charged: here a tax other than the one the form computed (a rate changed meanwhile).
    const { api, stockReloaded } = setup({
      'POST /order': () =>
        jsonResponse({ acknowledged: true, insertedId: '64b7f0c2a1b2c3d4e5f69999', number: 1042, amount: 114_000, tax: 90, productPrice: 4.2, productQuantity: 250 }, { status: 201 }),
    });
    await setQuantity('250');
    await userEvent.type(mobile(), ' +1 555 014 2290 ');
    await userEvent.type(address(), '42 Foundry Road, Pittsburgh');
    await userEvent.click(submit());

    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Order successfully'));
    expect(orderCalls(api)).toHaveLength(1);
    expect(orderCalls(api)[0]).toMatchObject({
      authorization: 'Bearer tok',
      body: { productId: bearing._id, productQuantity: 250, address: '42 Foundry Road, Pittsburgh', mobile: '+1 555 014 2290' },
    });
    const placed = await screen.findByRole('status');
    expect(placed).toHaveTextContent('Your order is placed.');
    expect(placed).toHaveTextContent('Pay for it now, or later from My Orders.');
    expect(screen.getByTestId('placed-order-number')).toHaveTextContent('#1042');
    expect(placed).toHaveTextContent('Order number#1042');
    expect(placed).toHaveTextContent('ProductDeep Groove Ball Bearing 6205-2RS');
    expect(placed).toHaveTextContent('Quantity250 pcs');
    expect(placed).toHaveTextContent('Subtotal$1,050Sales tax$90Total$1,140');
    // One total on the page: the form's own gives way to the server's.
    expect(screen.getAllByTestId('order-total')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/payment/64b7f0c2a1b2c3d4e5f69999');
    stockReloaded();
    expect(toast.error).not.toHaveBeenCalled();

    // No second order from the same form: Place Order is gone, and Enter sends nothing.
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
    fireEvent.submit(quantity().closest('form')!);
    await pause(50);
    expect(orderCalls(api)).toHaveLength(1);
    expect(quantity()).toHaveValue(250);

    // A new order starts from the product's defaults.
    await userEvent.click(screen.getByRole('button', { name: 'Place another order' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(quantity()).toHaveValue(100);
    expect(mobile()).toHaveValue('');
    expect(address()).toHaveValue('');
    await vi.waitFor(() => expect(quantity()).toHaveFocus());
    await userEvent.type(mobile(), '+1 555 014 2290');
    await userEvent.type(address(), '42 Foundry Road, Pittsburgh');
    expect(submit()).toBeEnabled();
    await userEvent.click(submit());
    await vi.waitFor(() => expect(orderCalls(api)).toHaveLength(2));
  });

  it('refused (409): Failed to add Order with the server’s reason', async () => {
    const { stockReloaded } = setup({ 'POST /order': () => problemResponse(409, `Only 3 of ${bearing.name} left in stock.`) });
    await userEvent.type(mobile(), '+1 555 014 2290');
    await userEvent.type(address(), '42 Foundry Road');
    await userEvent.click(submit());
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(`Failed to add Order: Only 3 of ${bearing.name} left in stock.`));
    expect(toast.success).not.toHaveBeenCalled();
    expect(mobile()).toHaveValue('+1 555 014 2290'); // kept, to try again
    stockReloaded();
  });

  it('refused for too many unpaid orders (409) or too many at once (429): the server’s detail stays in view', async () => {
    const limit = 'You have 3 unpaid orders, the most an account may hold until its e-mail address is verified. Pay for one or cancel one in My Orders, or verify your address (the link we e-mailed you), then order again.';
    let answer = () => problemResponse(409, limit);
    setup({ 'POST /order': () => answer() });
    await userEvent.type(mobile(), '+1 555 014 2290');
    await userEvent.type(address(), '42 Foundry Road');
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(limit);
    expect(toast.error).toHaveBeenCalledWith(`Failed to add Order: ${limit}`);

    answer = () => problemResponse(429, 'Too many orders at once: try again in a minute.');
    await userEvent.click(submit());
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many orders at once: try again in a minute.'));
  });

  it('refused (400): the server’s reasons under the fields and in the toast', async () => {
    setup({
      'POST /order': () => problemResponse(400, 'The order is not valid.', { mobile: 'must be a phone number' }),
    });
    await userEvent.type(mobile(), '+1 555 014 2290');
    await userEvent.type(address(), '42 Foundry Road');
    await userEvent.click(submit());
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to add Order: Mobile must be a phone number'));
    expect(mobile()).toHaveAccessibleDescription('Mobile must be a phone number');
  });

  it('says so when the stock is below the minimum order, and cannot be sent', () => {
    setup({}, { ...bearing, avaialbequantit: 40 });
    expect(screen.getByRole('alert')).toHaveTextContent('There is not enough stock for the minimum order right now.');
    expect(submit()).toBeDisabled();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
