import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { orderMessages } from '@/config/order-messages';
import { validateAddress, validateMobile } from '@/utils/delivery';

const m = orderMessages.orders;

/** The fields a form with delivery details holds. */
export interface DeliveryValues extends FieldValues {
  mobile: string;
  address: string;
}

/** Where an order ships: Mobile and Address, required, with the server's rules (the purchase form and a quote's acceptance). */
export function DeliveryFields<T extends DeliveryValues>({ control, disabled, shouldUnregister }: { control: Control<T>; disabled?: boolean; shouldUnregister?: boolean }) {
  return (
    <>
      <FormTextField
        control={control}
        name={'mobile' as Path<T>}
        rules={{ validate: validateMobile }}
        shouldUnregister={shouldUnregister}
        label={m.mobile}
        type="tel"
        autoComplete="tel"
        required
        disabled={disabled}
        fullWidth
      />
      <FormTextField
        control={control}
        name={'address' as Path<T>}
        rules={{ validate: validateAddress }}
        shouldUnregister={shouldUnregister}
        label={m.address}
        autoComplete="street-address"
        required
        disabled={disabled}
        multiline
        minRows={2}
        fullWidth
      />
    </>
  );
}
