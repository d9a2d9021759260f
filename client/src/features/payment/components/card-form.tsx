import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { orderMessages } from '@/config/order-messages';

/** What Checkout gives either card form (test mode or Stripe Elements). */
export interface CardFormProps {
  /** The payment intent's client secret; undefined while it is being created. */
  clientSecret: string | undefined;
  /** The account's name and email: the card's billing details. */
  billing: { name: string; email: string };
  /** The amount, formatted, for the pay button. */
  amount: string;
  /** A payment is under way. */
  busy: boolean;
  /** The pay button is off (no client secret yet, paying, or paid). */
  disabled: boolean;
  /** Charges the card with `confirm` (which answers the succeeded intent's id, or throws the provider's error), then records the payment. */
  onPay: (confirm: () => Promise<string>) => Promise<boolean>;
}

/** The submit button of both card forms. */
export function PayButton({ amount, busy, disabled }: Pick<CardFormProps, 'amount' | 'busy' | 'disabled'>) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={disabled}
      loading={busy}
      loadingPosition="start"
      startIcon={<LockOutlinedIcon />}
      sx={{ minHeight: 50, fontSize: '1.05rem' }}
    >
      {orderMessages.payment.pay(amount)}
    </Button>
  );
}

/** Whose card it is: the account's name and email. */
export function BilledTo({ billing }: Pick<CardFormProps, 'billing'>) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1, rowGap: 0.25 }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 700, color: 'text.secondary' }}>
        {orderMessages.payment.billedTo}
      </Typography>
      <Typography component="span" variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {billing.name}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {billing.email}
      </Typography>
    </Box>
  );
}
