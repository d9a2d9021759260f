import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { orderMessages } from '@/config/order-messages';
import { serviceMessages } from '@/config/service-messages';
import { useUser } from '@/lib/auth';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { validateAddress, validateMobile } from '@/utils/delivery';
import { formatCents } from '@/utils/format';
import type { AcceptDelivery, AcceptedQuote } from '../api/accept-quote';
import type { Quote } from '../api/get-quotes';
import { useSavedAddress } from '../api/get-saved-address';
import { quoteTotalCents } from './quote-parts';

const m = serviceMessages.quotes;
/** The purchase form's field names and messages: the quote's orders ship like any order. */
const fieldsText = orderMessages.orders;
const FIELD_LABELS: Record<keyof AcceptDelivery, string> = { mobile: fieldsText.mobile, address: fieldsText.address };

interface AcceptDialogProps {
  quote: Quote;
  /** Sends the acceptance; rejects with the server's error. */
  accept: (delivery: AcceptDelivery) => Promise<AcceptedQuote>;
  pending: boolean;
  onAccepted: (result: AcceptedQuote) => void;
  onClose: () => void;
}

/**
 * Accepting a priced quote: the total, and where its orders ship (mobile and
 * address, required, the address prefilled from the profile). Confirm places
 * the orders; Cancel sends nothing.
 */
export function AcceptDialog({ quote, accept, pending, onAccepted, onClose }: AcceptDialogProps) {
  const titleId = useId();
  const toast = useToast();
  const email = useUser().data?.email;
  const saved = useSavedAddress(email);
  const { control, handleSubmit, setError, setValue, getFieldState } = useForm<AcceptDelivery>({
    mode: 'onTouched',
    defaultValues: { mobile: '', address: saved.data ?? '' },
  });

  // The profile's address, once known, unless the customer has typed one already.
  const savedAddress = saved.data;
  useEffect(() => {
    if (savedAddress && !getFieldState('address').isDirty) setValue('address', savedAddress);
  }, [savedAddress, getFieldState, setValue]);

  const close = () => {
    if (!pending) onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await accept({ address: values.address.trim(), mobile: values.mobile.trim() });
      toast.success(m.accepted);
      onAccepted(result);
    } catch (error) {
      const shown = showFieldErrors(error, ['mobile', 'address'], setError, (field, reason) => m.acceptFieldError(FIELD_LABELS[field], reason));
      toast.error(withReason(m.acceptFailed, error));
      // A refusal about the details stays open to correct them; any other ends here.
      if (!shown) onClose();
    }
  });

  const total = quoteTotalCents(quote);
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId} sx={{ fontWeight: 800 }}>
          {m.acceptTitle(quote.number)}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.25 }}>
          <Typography color="text.secondary" data-testid="accept-summary">
            {m.confirmAccept(total === null ? '' : formatCents(total))}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{m.acceptDelivery}</Typography>
          <FormTextField
            control={control}
            name="mobile"
            rules={{ validate: validateMobile }}
            label={fieldsText.mobile}
            type="tel"
            autoComplete="tel"
            required
            fullWidth
          />
          <FormTextField
            control={control}
            name="address"
            rules={{ validate: validateAddress }}
            label={fieldsText.address}
            autoComplete="street-address"
            required
            multiline
            minRows={2}
            fullWidth
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} color="secondary" disabled={pending}>
            {m.acceptCancel}
          </Button>
          <Button type="submit" variant="contained" loading={pending} loadingPosition="start" startIcon={<CheckCircleOutlineIcon />}>
            {m.acceptConfirm}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
