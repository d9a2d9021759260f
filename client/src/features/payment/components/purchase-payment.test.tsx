import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/testing/make-order';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { User } from '@/types/api';
import { Checkout } from './checkout';

const ORDER_ID = '64b7f0c2a1b2c3d4e5f6a001';
const SECRET = 'pi_test_abc123_secret_xyz';
const ada: User = { _id: 'u1', email: 'ada@example.com', name: 'Ada Buyer', role: '', provider: 'password', createdAt: '' };
const order = makeOrder({ _id: ORDER_ID, number: 1042, productQuantity: 2, amount: 2_980_000 });

type Routes = Parameters<typeof fakeApi>[0];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(routes: Routes = {}) {
  const fake = fakeApi({
    'GET /auth/me': () => jsonResponse({ user: ada }),
    'GET /config': () => jsonResponse({ paymentProvider: 'test', stripePublishableKey: '', googleClientId: '' }),
    [`GET /pay/${ORDER_ID}`]: () => jsonResponse(order),
    'POST /create-payment-intent': () => jsonResponse({ clientSecret: SECRET }),
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetch);
  const onPaid = vi.fn();
  renderWithProviders(<Checkout orderId={ORDER_ID} onPaid={onPaid} />);
  return { fake, onPaid };
}

const payButton = () => screen.getByRole('button', { name: /^Pay \$29,800/ });

async function fillCard(number = '4242 4242 4242 4242', expiry = '12/34', cvc = '123') {
  await userEvent.type(await screen.findByLabelText(/^Card number/), number);
  await userEvent.type(screen.getByLabelText(/^Expiry \(MM\/YY\)/), expiry);
  await userEvent.type(screen.getByLabelText(/^CVC/), cvc);
}

describe('Checkout (test mode)', () => {
  it('shows the order summary, the TEST MODE notice and the card form with its labels', async () => {
    const { fake } = setup();
    expect(await screen.findByText('Order summary')).toBeInTheDocument();
    expect(screen.getAllByText('Diesel Generator 60 kVA').length).toBeGreaterThan(0);
    expect(screen.getByText('2 pcs')).toBeInTheDocument();
    expect(screen.getByText('$29,800')).toBeInTheDocument();
    expect(screen.getByText('Order number')).toBeInTheDocument();
    expect(screen.getByText('#1042')).toBeInTheDocument();
    expect(screen.getByTestId('payment-state')).toHaveTextContent('Please pay for Diesel Generator 60 kVA');

    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent('TEST MODE');
    expect(notice).toHaveTextContent('4242 4242 4242 4242');
    expect(notice).toHaveTextContent('No real card is charged.');
    expect(screen.getByLabelText(/^Card number/)).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText(/^Expiry \(MM\/YY\)/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^CVC/)).toBeInTheDocument();
    expect(screen.getByText('Ada Buyer')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await vi.waitFor(() => expect(fake.calls.find((c) => c.path === '/create-payment-intent')).toMatchObject({ method: 'POST', body: { orderId: ORDER_ID } }));
  });

  it('keeps Pay disabled until the client secret exists', async () => {
    let answer!: (r: Response) => void;
    setup({ 'POST /create-payment-intent': () => new Promise<Response>((r) => (answer = r)) });
    await fillCard();
    expect(payButton()).toBeDisabled();
    expect(screen.getByText('Preparing a secure payment…')).toBeInTheDocument();
    answer(jsonResponse({ clientSecret: SECRET }));
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
  });

  it('pays: confirms the card, records it with PATCH /pay/{id} and shows the spec’s texts', async () => {
    let paid = false;
    const { fake, onPaid } = setup({
      [`GET /pay/${ORDER_ID}`]: () => jsonResponse(paid ? { ...order, paid: true, transactionId: 'pi_test_abc123' } : order),
      'POST /payments/test/confirm': () => jsonResponse({ id: 'pi_test_abc123', status: 'succeeded' }),
      [`PATCH /pay/${ORDER_ID}`]: () => {
        paid = true;
        return jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      },
    });
    await fillCard();
    expect(screen.getByTestId('payment-state')).toHaveTextContent('Please pay for Diesel Generator 60 kVA');
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());

    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    expect(screen.getByText('Your transaction Id:', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_test_abc123');
    // The page now says the order is paid, by its number, and no longer asks to pay.
    expect(screen.getByTestId('payment-state')).toHaveTextContent('Order #1042 for Diesel Generator 60 kVA is paid.');
    expect(screen.queryByText(/Please pay/)).not.toBeInTheDocument();
    // Still so once the order has been read again (paid, from the server).
    await vi.waitFor(() => expect(fake.calls.filter((c) => c.method === 'GET' && c.path === `/pay/${ORDER_ID}`).length).toBeGreaterThan(1));
    expect(screen.getByTestId('payment-state')).toHaveTextContent('Order #1042 for Diesel Generator 60 kVA is paid.');
    expect(screen.getByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/payments/test/confirm')?.body).toEqual({
      clientSecret: SECRET,
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
      name: 'Ada Buyer',
      email: 'ada@example.com',
    });
    expect(fake.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: `/pay/${ORDER_ID}`, body: { transactionId: 'pi_test_abc123' }, authorization: 'Bearer tok' });
    expect(onPaid).toHaveBeenCalled();
    expect(payButton()).toBeDisabled();
    expect(screen.getByLabelText(/^Card number/)).toHaveValue(''); // the card is not kept
  });

  it('shows the decline in red under the form, and records nothing', async () => {
    const { fake } = setup({ 'POST /payments/test/confirm': () => problemResponse(402, 'Your card was declined.') });
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
    const { fake } = setup();
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.type(screen.getByLabelText(/^Card number/), '4242');
    await userEvent.click(payButton());
    expect(screen.getByLabelText(/^Card number/)).toHaveAccessibleDescription('Your card number is incomplete.');
    expect(screen.getByLabelText(/^Expiry \(MM\/YY\)/)).toHaveAccessibleDescription("Your card's expiration date is incomplete.");
    expect(screen.getByLabelText(/^CVC/)).toHaveAccessibleDescription("Your card's security code is incomplete.");
    expect(fake.calls.some((c) => c.path === '/payments/test/confirm')).toBe(false);
  });

  it('shows the server’s refusal of the payment record', async () => {
    setup({
      'POST /payments/test/confirm': () => jsonResponse({ id: 'pi_test_abc123', status: 'succeeded' }),
      [`PATCH /pay/${ORDER_ID}`]: () => problemResponse(400, "The payment's amount does not match the order: the order stays unpaid."),
    });
    await fillCard();
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent("The payment's amount does not match the order: the order stays unpaid.");
    expect(screen.queryByText('Congrats! Your payment is completed.')).not.toBeInTheDocument();
  });

  it('someone else’s order (404, as a missing one): shows the server’s words, and no card form', async () => {
    const { fake } = setup({ [`GET /pay/${ORDER_ID}`]: () => problemResponse(404, 'The order was not found.') });
    expect(await screen.findByRole('alert')).toHaveTextContent('The order was not found.');
    expect(screen.queryByLabelText(/^Card number/)).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/create-payment-intent')).toBe(false);
  });

  it('an order paid before it has a number says it is paid, without one', async () => {
    setup({ [`GET /pay/${ORDER_ID}`]: () => jsonResponse({ ...order, number: 0, paid: true, transactionId: 'pi_test_done' }) });
    expect(await screen.findByTestId('payment-state')).toHaveTextContent('Your order for Diesel Generator 60 kVA is paid.');
  });

  it('an order already paid shows as paid, with its transaction id, and asks for no payment', async () => {
    const { fake } = setup({ [`GET /pay/${ORDER_ID}`]: () => jsonResponse({ ...order, paid: true, transactionId: 'pi_test_done' }) });
    expect(await screen.findByText('This order is paid.')).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_test_done');
    expect(screen.getByTestId('payment-state')).toHaveTextContent('Order #1042 for Diesel Generator 60 kVA is paid.');
    expect(screen.queryByText(/Please pay/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Card number/)).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/create-payment-intent')).toBe(false);
  });

  it('paid meanwhile (409 on the intent): shows the paid state', async () => {
    let paid = false;
    setup({
      [`GET /pay/${ORDER_ID}`]: () => jsonResponse(paid ? { ...order, paid: true, transactionId: 'pi_test_other_tab' } : order),
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
    setup({
      'POST /payments/test/confirm': () => problemResponse(402, 'Your card has insufficient funds.'),
    });
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
