import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DeliveryFields } from '@/components/form/delivery-fields';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import { PaymentChoice, useCompanies, type Payment } from '@/features/companies';
import { OrderTotal } from '@/components/ui/order-total';
import { cartMessages } from '@/config/cart-messages';
import { orderMessages } from '@/config/order-messages';
import { serviceMessages } from '@/config/service-messages';
import { useUser } from '@/lib/auth';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { formatCents } from '@/utils/format';
import type { AcceptDelivery, AcceptedQuote } from '../api/accept-quote';
import type { Quote } from '../api/get-quotes';
import { useSavedAddress } from '../api/get-saved-address';
import { quoteFigures } from './quote-parts';

const m = serviceMessages.quotes;
/** The purchase form's field names and messages: the quote's orders ship like any order. */
const fieldsText = orderMessages.orders;
const FIELD_LABELS: Record<Exclude<keyof AcceptDelivery, 'payment'>, string> = {
  mobile: fieldsText.mobile,
  address: fieldsText.address,
  poNumber: cartMessages.checkout.poNumber,
};

interface AcceptDialogProps {
  quote: Quote;
  /** Sends the acceptance; rejects with the server's error. */
  accept: (delivery: AcceptDelivery) => Promise<AcceptedQuote>;
  pending: boolean;
  /** The result, and whether it was accepted on the company's account (issue 45). */
  onAccepted: (result: AcceptedQuote, onAccount: boolean) => void;
  onClose: () => void;
}

/**
 * Accepting a priced quote: what it charges (the server's figures: subtotal,
 * tax, total), and where its orders ship (mobile and address, required, the
 * address prefilled from the profile). Confirm places the purchase; Cancel
 * sends nothing.
 */
export function AcceptDialog({ quote, accept, pending, onAccepted, onClose }: AcceptDialogProps) {
  const toast = useToast();
  const email = useUser().data?.email;
  const saved = useSavedAddress(email);
  // A member whose company has terms may accept on account (issue 45), as at checkout.
  const company = useCompanies().data?.items[0];
  const terms = company?.status === 'approved' && (company.termsDays ?? 0) > 0 ? company : undefined;
  const [payment, setPayment] = useState<Payment>('card');
  const { control, handleSubmit, setError, setValue, getFieldState } = useForm<Omit<AcceptDelivery, 'payment'>>({
    mode: 'onTouched',
    defaultValues: { mobile: '', address: saved.data ?? '', poNumber: '' },
  });

  // The profile's address, once known, unless the customer has typed one already.
  const savedAddress = saved.data;
  useEffect(() => {
    if (savedAddress && !getFieldState('address').isDirty) setValue('address', savedAddress);
  }, [savedAddress, getFieldState, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const poNumber = values.poNumber?.trim();
      const result = await accept({
        address: values.address.trim(),
        mobile: values.mobile.trim(),
        ...(poNumber && { poNumber }),
        ...(terms && payment === 'account' && { payment }),
      });
      toast.success(m.accepted);
      onAccepted(result, Boolean(terms) && payment === 'account');
    } catch (error) {
      const shown = showFieldErrors(error, ['mobile', 'address', 'poNumber'], setError, (field, reason) => m.acceptFieldError(FIELD_LABELS[field], reason));
      toast.error(withReason(m.acceptFailed, error));
      // A refusal about the details stays open to correct them; any other ends here.
      if (!shown) onClose();
    }
  });

  const figures = quoteFigures(quote);
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={onSubmit}
      title={m.acceptTitle(quote.number)}
      busy={pending}
      cancelLabel={m.acceptCancel}
      submitLabel={m.acceptConfirm}
      submitIcon={<CheckCircleOutlineIcon />}
    >
      <Typography color="text.secondary" data-testid="accept-summary">
        {m.confirmAccept(figures === null ? '' : formatCents(figures.totalCents))}
      </Typography>
      <OrderTotal figures={figures} />
      <Typography sx={{ fontWeight: 700 }}>{m.acceptDelivery}</Typography>
      <DeliveryFields control={control} />
      {/* A company may require it (issue 45); the server's refusal shows beside it. */}
      <FormTextField control={control} name="poNumber" label={cartMessages.checkout.poNumber} fullWidth />
      {terms && <PaymentChoice company={terms} value={payment} onChange={setPayment} />}
    </FormDialog>
  );
}
