import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { orderMessages } from '@/config/order-messages';
import { renderWithProviders } from '@/testing/test-utils';
import { DeliveryFields } from './delivery-fields';

interface Values {
  quantity: string;
  mobile: string;
  address: string;
}

function Delivery({ disabled, onValid }: { disabled?: boolean; onValid: (values: Values) => void }) {
  const { control, handleSubmit } = useForm<Values>({ defaultValues: { quantity: '1', mobile: '', address: '' }, mode: 'onTouched' });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <DeliveryFields control={control} disabled={disabled} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('DeliveryFields', () => {
  it('asks for a mobile number and an address, with the browser’s autofill, and sends nothing without them', async () => {
    const onValid = vi.fn();
    renderWithProviders(<Delivery onValid={onValid} />);
    expect(screen.getByLabelText(/^Mobile/)).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText(/^Address/)).toHaveAttribute('autocomplete', 'street-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(screen.getByLabelText(/^Mobile/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Mobile/)).toHaveAccessibleDescription(orderMessages.orders.mobileRequired);
    expect(screen.getByLabelText(/^Address/)).toHaveAccessibleDescription(orderMessages.orders.addressRequired);
    expect(onValid).not.toHaveBeenCalled();
  });

  it('takes a phone number and an address', async () => {
    const onValid = vi.fn();
    renderWithProviders(<Delivery onValid={onValid} />);
    await userEvent.type(screen.getByLabelText(/^Mobile/), '+1 555 010 2030');
    await userEvent.type(screen.getByLabelText(/^Address/), '1 Mill Lane');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({ quantity: '1', mobile: '+1 555 010 2030', address: '1 Mill Lane' });
  });

  it('refuses a mobile number that is not one', async () => {
    renderWithProviders(<Delivery onValid={vi.fn()} />);
    await userEvent.type(screen.getByLabelText(/^Mobile/), 'call me');
    await userEvent.tab();
    await vi.waitFor(() => expect(screen.getByLabelText(/^Mobile/)).toHaveAccessibleDescription(orderMessages.orders.mobileInvalid));
  });

  it('both are off when disabled', () => {
    renderWithProviders(<Delivery disabled onValid={vi.fn()} />);
    expect(screen.getByLabelText(/^Mobile/)).toBeDisabled();
    expect(screen.getByLabelText(/^Address/)).toBeDisabled();
  });
});
