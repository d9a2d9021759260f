import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { TestCardForm } from './test-card-form';

const SECRET = 'pi_test_abc123_secret_xyz';

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  const fake = fakeApi({ 'POST /payments/test/confirm': () => jsonResponse({ id: 'pi_test_abc123', status: 'succeeded' }) });
  vi.stubGlobal('fetch', fake.fetch);
  const onPay = vi.fn(async (confirm: () => Promise<string>) => {
    await confirm();
    return true;
  });
  renderWithProviders(
    <TestCardForm clientSecret={SECRET} billing={{ name: 'Ada Buyer', email: 'ada@example.com' }} amount="$149" busy={false} disabled={false} onPay={onPay} />,
  );
  return {
    fake,
    onPay,
    number: screen.getByLabelText<HTMLInputElement>(/^Card number/),
    expiry: screen.getByLabelText<HTMLInputElement>(/^Expiry \(MM\/YY\)/),
    cvc: screen.getByLabelText<HTMLInputElement>(/^CVC/),
  };
}

describe('TestCardForm as the user types', () => {
  it('shows "1230" typed into the expiry as 12/30, and accepts it', async () => {
    const { expiry, fake, number, cvc } = setup();
    await userEvent.type(expiry, '1230');
    expect(expiry).toHaveValue('12/30');
    await userEvent.type(number, '4242424242424242');
    await userEvent.type(cvc, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $149' }));
    await vi.waitFor(() => expect(fake.calls.find((c) => c.path === '/payments/test/confirm')).toBeDefined());
    expect(screen.queryByText("Your card's expiration date is incomplete.")).not.toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/payments/test/confirm')?.body).toMatchObject({
      clientSecret: SECRET,
      number: '4242424242424242', // digits only, as the server expects
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
  });

  it('pads a single month digit 2–9: "4" shows 04/, then "430" 04/30', async () => {
    const { expiry } = setup();
    await userEvent.type(expiry, '4');
    expect(expiry).toHaveValue('04/');
    await userEvent.type(expiry, '30');
    expect(expiry).toHaveValue('04/30');
  });

  it('Backspace goes back over the slash one character at a time', async () => {
    const { expiry } = setup();
    await userEvent.type(expiry, '123');
    expect(expiry).toHaveValue('12/3');
    await userEvent.type(expiry, '{Backspace}');
    expect(expiry).toHaveValue('12/');
    await userEvent.type(expiry, '{Backspace}');
    expect(expiry).toHaveValue('12');
    await userEvent.type(expiry, '{Backspace}');
    expect(expiry).toHaveValue('1');
    await userEvent.type(expiry, '130');
    expect(expiry).toHaveValue('11/30');
  });

  it.each(['12/30', '1230', '12 / 30'])('formats a pasted "%s" as 12/30', async (text) => {
    const { expiry } = setup();
    await userEvent.click(expiry);
    await userEvent.paste(text);
    expect(expiry).toHaveValue('12/30');
  });

  it('groups the card number in fours, and keeps the caret at the digit edited in the middle', async () => {
    const { number } = setup();
    await userEvent.type(number, '4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');

    // Delete the 6th digit (caret after it: "4242 42|42 …"), then type it back there.
    number.setSelectionRange(7, 7);
    await userEvent.keyboard('{Backspace}');
    expect(number).toHaveValue('4242 4424 2424 242');
    expect(number.selectionStart).toBe(6);
    await userEvent.keyboard('2');
    expect(number).toHaveValue('4242 4242 4242 4242');
    expect(number.selectionStart).toBe(7);
  });

  it('takes a pasted number with dashes, and no letters', async () => {
    const { number } = setup();
    await userEvent.click(number);
    await userEvent.paste('4000-0000-0000-0002');
    expect(number).toHaveValue('4000 0000 0000 0002');
    await userEvent.type(number, 'x');
    expect(number).toHaveValue('4000 0000 0000 0002');
  });

  it('takes 3–4 digits as the CVC, and nothing else', async () => {
    const { cvc } = setup();
    await userEvent.type(cvc, '1a2b345');
    expect(cvc).toHaveValue('1234');
  });

  it('asks phones for the number pad and browsers for the card’s autofill', () => {
    const { number, expiry, cvc } = setup();
    for (const [input, autocomplete, maxLength] of [
      [number, 'cc-number', '23'],
      [expiry, 'cc-exp', '7'],
      [cvc, 'cc-csc', '4'],
    ] as const) {
      expect(input).toHaveAttribute('inputmode', 'numeric');
      expect(input).toHaveAttribute('autocomplete', autocomplete);
      expect(input).toHaveAttribute('maxlength', maxLength);
    }
  });

  it('keeps the spec’s messages for what is missing', async () => {
    const { expiry, cvc } = setup();
    await userEvent.type(expiry, '1');
    await userEvent.type(cvc, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $149' }));
    expect(screen.getByLabelText(/^Card number/)).toHaveAccessibleDescription('Your card number is incomplete.');
    expect(expiry).toHaveAccessibleDescription("Your card's expiration date is incomplete.");
    expect(cvc).toHaveAccessibleDescription("Your card's security code is incomplete.");
  });

  it('says a month above 12 is invalid', async () => {
    const { expiry } = setup();
    await userEvent.type(expiry, '1330');
    expect(expiry).toHaveValue('13/30');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $149' }));
    expect(expiry).toHaveAccessibleDescription("Your card's expiration month is invalid.");
  });
});
