import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { useState } from 'react';
import { FormDialog } from '@/components/form/form-dialog';
import { cartMessages } from '@/config/cart-messages';
import type { Tracking } from '../api/purchase-actions';

const m = cartMessages.ship;

interface ShipDialogProps {
  title: string;
  /** Said above the fields (an unpaid order: the admin confirms by shipping). */
  note?: string;
  busy: boolean;
  onShip: (tracking: Tracking) => void;
  onClose: () => void;
}

/** Shipping a purchase: an optional carrier and tracking number, which the buyer's order page and e-mail show. */
export function ShipDialog({ title, note, busy, onShip, onClose }: ShipDialogProps) {
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  return (
    <FormDialog
      open
      title={title}
      busy={busy}
      onClose={onClose}
      cancelLabel={m.cancel}
      submitLabel={m.submit}
      submitIcon={<LocalShippingOutlinedIcon />}
      onSubmit={(event) => {
        event.preventDefault();
        onShip({ ...(carrier.trim() && { carrier: carrier.trim() }), ...(trackingNumber.trim() && { trackingNumber: trackingNumber.trim() }) });
      }}
    >
      {note && <Typography sx={{ fontWeight: 700, color: 'warning.dark' }}>{note}</Typography>}
      <TextField label={m.carrier} value={carrier} onChange={(e) => setCarrier(e.target.value)} slotProps={{ htmlInput: { maxLength: 60 } }} fullWidth sx={{ mt: 1 }} />
      <TextField label={m.trackingNumber} value={trackingNumber} onChange={(e) => setTrackingNumber(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} fullWidth />
    </FormDialog>
  );
}
