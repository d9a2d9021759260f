import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePurchase } from '@/testing/make-purchase';
import { fakeApi, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import type { User } from '@/types/api';
import { PurchasePayment } from './purchase-payment';

// Stripe.js cannot load here (no network to js.stripe.com): both packages are stand-ins.
const stripe = vi.hoisted(() => {
  const card = { clear: () => {} };
  const onChange: { current?: (event: { error?: { message: string } }) => void } = {};
  return {
    card,
    onChange,
    confirmCardPayment: vi.fn(),
    loadStripe: vi.fn(),
    elementsProps: [] as unknown[],
  };
});

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ stripe: promise, children }: { stripe: unknown; children: ReactNode }) => {
    stripe.elementsProps.push(promise);
    return <div data-testid="stripe-elements">{children}</div>;
  },
  CardElement: ({ onChange }: { onChange: (event: { error?: { message: string } }) => void }) => {
    stripe.onChange.current = onChange;
    return <div data-testid="stripe-card-element" />;
  },
  useStripe: () => ({ confirmCardPayment: stripe.confirmCardPayment }),
  useElements: () => ({ getElement: () => stripe.card }),
}));

const ID = '64b7f0c2a1b2c3d4e5f6a001';
const SECRET = 'pi_3Stripe_secret_abc';
const ada: User = { _id: 'u1', email: 'ada@example.com', name: 'Ada Buyer', role: '', provider: 'password', createdAt: '' };
const purchase = makePurchase({ _id: ID, number: 1042 });

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
  stripe.loadStripe.mockReset().mockResolvedValue({ id: 'fake-stripe' });
  stripe.confirmCardPayment.mockReset();
  stripe.elementsProps.length = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(publishableKey = 'pk_test_123') {
  const fake = fakeApi({
    'GET /auth/me': () => jsonResponse({ user: ada }),
    'GET /config': () => jsonResponse({ paymentProvider: 'stripe', stripePublishableKey: publishableKey, googleClientId: '' }),
    'POST /create-payment-intent': () => jsonResponse({ clientSecret: SECRET }),
    [`PATCH /groups/${ID}/pay`]: () => jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }),
  });
  vi.stubGlobal('fetch', fake.fetch);
  renderWithProviders(<PurchasePayment purchase={purchase} />);
  return fake;
}

const payButton = () => screen.getByRole('button', { name: /^Pay \$14,900/ });

describe('PurchasePayment (Stripe)', () => {
  it('loads Stripe.js with the publishable key and renders Elements with a CardElement, no test-mode form', async () => {
    setup();
    expect(await screen.findByTestId('stripe-elements')).toBeInTheDocument();
    expect(screen.getByTestId('stripe-card-element')).toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(await stripe.elementsProps[0]).toEqual({ id: 'fake-stripe' });
    expect(screen.queryByText('TEST MODE')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Card number/)).not.toBeInTheDocument();
  });

  it('pays with confirmCardPayment (card, billing name and email), then PATCH /groups/{id}/pay with the intent id', async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_3Stripe', status: 'succeeded' } });
    const fake = setup();
    await screen.findByTestId('stripe-elements');
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());

    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_3Stripe');
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith(SECRET, {
      payment_method: { card: stripe.card, billing_details: { name: 'Ada Buyer', email: 'ada@example.com' } },
    });
    expect(fake.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: `/groups/${ID}/pay`, body: { transactionId: 'pi_3Stripe' } });
    // Paid: the card form gives way to the notice.
    expect(screen.queryByTestId('stripe-card-element')).not.toBeInTheDocument();
  });

  it('shows Stripe’s error in red, and records nothing', async () => {
    stripe.confirmCardPayment.mockResolvedValue({ error: { message: "Your card's security code is incorrect." } });
    const fake = setup();
    await screen.findByTestId('stripe-elements');
    await vi.waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent("Your card's security code is incorrect.");
    expect(error).toHaveAttribute('data-severity', 'error'); // the app's one error component (components/ui/error-message), drawn in the error colours
    expect(fake.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('shows the card field’s own error (incomplete) as it happens', async () => {
    setup();
    await screen.findByTestId('stripe-card-element');
    act(() => stripe.onChange.current?.({ error: { message: 'Your card number is incomplete.' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    stripe.loadStripe.mockReset().mockRejectedValue(new Error('offline'));
    setup('pk_test_unreachable'); // Stripe.js is loaded once per key: another key loads afresh
    expect(await screen.findByText('The card form could not be loaded. Check your connection and try again.')).toBeInTheDocument();
  });
});
