import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PaymentPage from '@/app/routes/payment';
import { makeOrder } from '@/testing/make-order';
import { makePurchase } from '@/testing/make-purchase';
import { fakeApi, jsonResponse, problemResponse, renderAtRoute } from '@/testing/test-utils';
import type { Purchase, User } from '@/types/api';

/**
 * The one payment page and its one state machine (issue 43): any purchase by its id, a single order's or a
 * cart's, its lines and the server's figures, the card, and once paid the spec's texts with the ways on.
 */

const ID = '64b7f0c2a1b2c3d4e5f6a001';
const CART = '64b7f0c2a1b2c3d4e5f6b001';
const SECRET = 'pi_test_abc123_secret_xyz';
const ada: User = { _id: 'u1', email: 'ada@example.com', name: 'Ada Buyer', role: '', provider: 'password', createdAt: '' };
// Two generators at $14,900 and 8.25% tax: $29,800 + $2,458.50.
const single = makePurchase({ amount: 3_225_850, total: 32_258.5, tax: 2_458.5 }, [makeOrder({ _id: ID, number: 1042, productQuantity: 2, amount: 3_225_850, tax: 2_458.5 })]);
const cartLines = [
  makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a011', number: 1001, group: CART, productName: 'Diesel Generator 60 kVA', productQuantity: 2, amount: 3_225_850, tax: 2_458.5 }),
  makeOrder({ _id: '64b7f0c2a1b2c3d4e5f6a012', number: 1002, group: CART, productName: 'Ball Bearing 6205', productPrice: 4.2, productQuantity: 80, amount: 36_372, tax: 27.72 }),
];
const cart = makePurchase({ _id: CART, number: 1001, amount: 3_262_222, total: 32_622.22, tax: 2_486.22 }, cartLines);

type Routes = Parameters<typeof fakeApi>[0];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(purchase: Purchase = single, routes: Routes = {}, at = purchase._id) {
  const fake = fakeApi({
    'GET /auth/me': () => jsonResponse({ user: ada }),
    'GET /config': () => jsonResponse({ paymentProvider: 'test', stripePublishableKey: '', googleClientId: '', taxRate: 8.25, taxLabel: 'Sales tax' }),
    [`GET /groups/${purchase._id}`]: () => jsonResponse(purchase),
    'POST /create-payment-intent': () => jsonResponse({ clientSecret: SECRET }),
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetch);
  renderAtRoute('/payment/:id', <PaymentPage />, { route: `/payment/${at}` });
  return fake;
}

/** A purchase that turns paid (with its invoice) once PATCH /groups/{id}/pay is called. */
function payable(purchase: Purchase, routes: Routes = {}) {
  let paid = false;
  return setup(purchase, {
    [`GET /groups/${purchase._id}`]: () => jsonResponse(paid ? { ...purchase, paid: true, payable: false, status: 'paid', state: 'paid', transactionId: 'pi_test_abc123', invoiceNumber: 12 } : purchase),
    'POST /payments/test/confirm': () => jsonResponse({ id: 'pi_test_abc123', status: 'succeeded' }),
    [`PATCH /groups/${purchase._id}/pay`]: () => {
      paid = true;
      return jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    },
    ...routes,
  });
}

const payButton = (amount = '$32,258.50') => screen.getByRole('button', { name: `Pay ${amount}` });

async function fillCard(number = '4242 4242 4242 4242', expiry = '12/34', cvc = '123') {
  await userEvent.type(await screen.findByLabelText(/^Card number/), number);
  await userEvent.type(screen.getByLabelText(/^Expiry \(MM\/YY\)/), expiry);
  await userEvent.type(screen.getByLabelText(/^CVC/), cvc);
}

describe('the payment page (test mode)', () => {
  it('a single order: its product, quantity and the server’s tax and total; TEST MODE and the card form; one intent for its purchase', async () => {
    const fake = setup();
    expect(await screen.findByText('Order summary')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByTestId('purchase-number')).toHaveTextContent('Order #1042');
    const summary = screen.getByTestId('purchase-summary');
    expect(within(summary).getByText('Diesel Generator 60 kVA')).toBeInTheDocument();
    expect(within(summary).getByText('2 pcs × $14,900')).toBeInTheDocument();
    expect(within(summary).getByTestId('order-subtotal')).toHaveTextContent('$29,800');
    expect(within(summary).getByTestId('order-tax')).toHaveTextContent('$2,458.50');
    expect(within(summary).getByTestId('order-total')).toHaveTextContent('$32,258.50');
    expect(within(summary).getByTestId('purchase-ship-to')).toHaveTextContent('42 Foundry Road');
    expect(screen.getByText('Hello, Ada Buyer')).toBeInTheDocument();
    expect(screen.getByTestId('payment-state')).toHaveTextContent('Please pay for Diesel Generator 60 kVA');

    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent('TEST MODE');
    expect(notice).toHaveTextContent('4242 4242 4242 4242');
    expect(screen.getByRole('heading', { name: 'Pay by card' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Card number/)).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    // The amount on the button is the server's, tax included.
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
    expect(fake.calls.filter((c) => c.path === '/create-payment-intent')).toEqual([expect.objectContaining({ method: 'POST', body: { groupId: ID } })]);
  });

  it('keeps Pay disabled until the client secret exists', async () => {
    let answer!: (r: Response) => void;
    setup(single, { 'POST /create-payment-intent': () => new Promise<Response>((r) => (answer = r)) });
    await fillCard();
    expect(payButton()).toBeDisabled();
    expect(screen.getByText('Preparing a secure payment…')).toBeInTheDocument();
    answer(jsonResponse({ clientSecret: SECRET }));
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
  });

  it('pays: confirms the card, records it with PATCH /groups/{id}/pay, and shows the spec’s texts with the order page and its invoice instead of the card form', async () => {
    const fake = payable(single);
    await fillCard();
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());

    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    expect(screen.getByText('Your transaction Id:', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_test_abc123');
    expect(screen.getByTestId('payment-state')).toHaveTextContent('Order #1042 for Diesel Generator 60 kVA is paid.');
    expect(screen.queryByText(/Please pay/)).not.toBeInTheDocument();
    // No card form is left above the success (issue 47), and nothing says to pay any more.
    expect(screen.queryByLabelText(/^Card number/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    expect(screen.queryByText('Pay for your order')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order #1042 details' })).toHaveAttribute('href', `/dashboard/order/${ID}`);
    expect(await screen.findByRole('button', { name: 'Download invoice #12' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/dashboard/myorder');

    expect(fake.calls.find((c) => c.path === '/payments/test/confirm')?.body).toEqual({
      clientSecret: SECRET,
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
      name: 'Ada Buyer',
      email: 'ada@example.com',
    });
    expect(fake.calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: `/groups/${ID}/pay`, body: { transactionId: 'pi_test_abc123' }, authorization: 'Bearer tok' }),
    ]);
  });

  it('a cart: one number, its lines each with its own quantity (never a sum of unlike pieces), the server’s figures, paid once', async () => {
    const fake = payable(cart);
    expect(await screen.findByTestId('purchase-number')).toHaveTextContent('Order #1001');
    expect(screen.getByTestId('payment-state')).toHaveTextContent('Please pay for order #1001');
    const lines = screen.getAllByTestId('order-line');
    expect(lines.map((l) => within(l).getByText(/pcs ×/).textContent)).toEqual(['2 pcs × $14,900', '80 pcs × $4.20']);
    expect(screen.queryByText(/82 pcs/)).not.toBeInTheDocument();
    // One number: the lines show none of their own.
    expect(screen.queryByText(/#1002/)).not.toBeInTheDocument();
    expect(screen.getByTestId('order-tax')).toHaveTextContent('$2,486.22');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$32,622.22');

    await fillCard();
    await vi.waitFor(() => expect(payButton('$32,622.22')).toBeEnabled());
    await userEvent.click(payButton('$32,622.22'));
    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    expect(screen.getByTestId('payment-state')).toHaveTextContent('Order #1001 is paid.');
    expect(fake.calls.find((c) => c.path === '/create-payment-intent')?.body).toEqual({ groupId: CART });
    expect(fake.calls.filter((c) => c.method === 'PATCH').map((c) => c.path)).toEqual([`/groups/${CART}/pay`]);
  });

  it('an older link to a line of a cart opens the cart’s purchase', async () => {
    const line = cartLines[1]!;
    setup(cart, {
      [`GET /groups/${line._id}`]: () => problemResponse(404, 'The order group was not found.'),
      [`GET /pay/${line._id}`]: () => jsonResponse({ ...line, group: CART, purchaseNumber: 1001, payable: false }),
    }, line._id);
    expect(await screen.findByTestId('purchase-number')).toHaveTextContent('Order #1001');
    expect(screen.getAllByTestId('order-line')).toHaveLength(2);
  });

  it('shows the decline in red under the form, and records nothing', async () => {
    const fake = setup(single, { 'POST /payments/test/confirm': () => problemResponse(402, 'Your card was declined.') });
    await fillCard('4000 0000 0000 0002');
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());

    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Your card was declined.');
    expect(error).toHaveAttribute('data-severity', 'error'); // the app's one error component (components/ui/error-message), drawn in the error colours
    expect(fake.calls.some((c) => c.method === 'PATCH')).toBe(false);
    expect(screen.queryByText('Congrats! Your payment is completed.')).not.toBeInTheDocument();
    expect(payButton()).toBeEnabled(); // another card may be tried
  });

  it('says what is missing before sending a card', async () => {
    const fake = setup();
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.type(screen.getByLabelText(/^Card number/), '4242');
    await userEvent.click(payButton());
    expect(screen.getByLabelText(/^Card number/)).toHaveAccessibleDescription('Your card number is incomplete.');
    expect(screen.getByLabelText(/^Expiry \(MM\/YY\)/)).toHaveAccessibleDescription("Your card's expiration date is incomplete.");
    expect(screen.getByLabelText(/^CVC/)).toHaveAccessibleDescription("Your card's security code is incomplete.");
    expect(fake.calls.some((c) => c.path === '/payments/test/confirm')).toBe(false);
  });

  it('shows the server’s refusal of the payment record', async () => {
    setup(single, {
      'POST /payments/test/confirm': () => jsonResponse({ id: 'pi_test_abc123', status: 'succeeded' }),
      [`PATCH /groups/${ID}/pay`]: () => problemResponse(400, "The payment's amount does not match the order: the order stays unpaid."),
    });
    await fillCard();
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent("The payment's amount does not match the order: the order stays unpaid.");
    expect(screen.queryByText('Congrats! Your payment is completed.')).not.toBeInTheDocument();
  });

  it('someone else’s purchase (404, as a missing one): shows the server’s words, and no card form', async () => {
    const fake = setup(single, {
      [`GET /groups/${ID}`]: () => problemResponse(404, 'The order was not found.'),
      [`GET /pay/${ID}`]: () => problemResponse(404, 'The order was not found.'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The order was not found.');
    expect(screen.queryByLabelText(/^Card number/)).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/create-payment-intent')).toBe(false);
  });

  it('a purchase already paid shows as paid, with its transaction id and the ways on, and asks for no payment', async () => {
    const fake = setup(makePurchase({ ...single, paid: true, payable: false, status: 'paid', state: 'paid', transactionId: 'pi_test_done', invoiceNumber: 9 }, single.orders));
    expect(await screen.findByText('This order is paid.')).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_test_done');
    expect(screen.getByTestId('payment-state')).toHaveTextContent('Order #1042 for Diesel Generator 60 kVA is paid.');
    expect(screen.getByRole('button', { name: 'Download invoice #9' })).toBeInTheDocument();
    expect(screen.queryByText(/Please pay/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Card number/)).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/create-payment-intent')).toBe(false);
  });

  it('a purchase that cannot be paid now (being cancelled) says so, with no card form and no intent', async () => {
    const fake = setup(makePurchase({ ...single, payable: false, state: 'cancelling' }, single.orders));
    expect(await screen.findByText('This order cannot be paid right now. Open it from My Orders to see where it stands.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Card number/)).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/create-payment-intent')).toBe(false);
  });

  it('paid meanwhile (409 on the intent): reads the purchase again and shows it paid', async () => {
    let paid = false;
    setup(single, {
      [`GET /groups/${ID}`]: () => jsonResponse(paid ? { ...single, paid: true, payable: false, transactionId: 'pi_test_other_tab' } : single),
      'POST /create-payment-intent': () => {
        paid = true;
        return problemResponse(409, 'The order is already paid.');
      },
    });
    expect(await screen.findByText('This order is paid.')).toBeInTheDocument();
    expect(await screen.findByTestId('transaction-id')).toHaveTextContent('pi_test_other_tab');
    expect(screen.getByTestId('payment-state')).toHaveTextContent('Order #1042 for Diesel Generator 60 kVA is paid.');
  });

  it('never writes card data to storage or the console', async () => {
    const consoleSpies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method));
    setup(single, { 'POST /payments/test/confirm': () => problemResponse(402, 'Your card has insufficient funds.') });
    await fillCard('4000 0000 0000 9995', '11/33', '987');
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());
    await screen.findByText('Your card has insufficient funds.');
    const stored = JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage });
    expect(stored).not.toMatch(/4000|9995|987/);
    for (const spy of consoleSpies) {
      expect(JSON.stringify(spy.mock.calls)).not.toMatch(/4000 ?0000|9995|"987"/);
    }
  });
});
