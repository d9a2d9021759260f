import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeCardElementOptions } from '@stripe/stripe-js';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { messages } from '@/config/messages';
import { orderMessages } from '@/config/order-messages';
import { BilledTo, PayButton, type CardFormProps } from './card-form';

const m = orderMessages.payment;

/**
 * Stripe.js, once per publishable key. This module is its own chunk, loaded
 * only when GET /config says the store takes payments with Stripe.
 */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => {
      stripeByKey.delete(publishableKey); // a later visit may try again
      return null;
    });
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe draws the card field in its own iframe: it takes the theme's colours as plain values. */
function cardOptions({ palette }: Theme): StripeCardElementOptions {
  return {
    style: {
      base: {
        fontSize: '16px',
        color: palette.text.primary,
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
        '::placeholder': { color: palette.text.placeholder },
      },
      invalid: { color: palette.error.main, iconColor: palette.error.main },
    },
  };
}

/** The card form with Stripe Elements: the card's details go to Stripe only. */
export default function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    void stripe.then((loaded) => {
      if (active && !loaded) setFailed(true);
    });
    return () => {
      active = false;
    };
  }, [stripe]);

  if (failed) return <ErrorMessage>{m.stripeLoadFailed}</ErrorMessage>;
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({ clientSecret, billing, amount, busy, disabled, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const theme = useTheme();
  const options = useMemo(() => cardOptions(theme), [theme]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    const paid = await onPay(async () => {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (result.error) throw new Error(result.error.message || messages.errors.unexpected);
      if (result.paymentIntent.status !== 'succeeded') throw new Error(m.notSucceeded(result.paymentIntent.status));
      return result.paymentIntent.id;
    });
    if (paid) card.clear();
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={m.cardTitle} sx={{ display: 'grid', gap: 2.25 }}>
      <BilledTo billing={billing} />
      <Box>
        <Typography component="span" id="stripe-card-label" variant="body2" sx={{ display: 'block', fontWeight: 700, mb: 0.75 }}>
          {m.card}
        </Typography>
        <Box
          data-testid="stripe-card"
          aria-labelledby="stripe-card-label"
          role="group"
          sx={{
            px: 1.75,
            py: 1.85,
            border: '1px solid',
            borderColor: cardError ? 'error.main' : focused ? 'info.main' : 'rgba(0,0,0,.23)',
            boxShadow: focused ? (t) => `0 0 0 1px ${cardError ? t.palette.error.main : t.palette.info.main}` : 'none',
            borderRadius: 1.25,
            bgcolor: 'background.paper',
          }}
        >
          <CardElement
            options={options}
            onChange={(event) => setCardError(event.error?.message ?? null)}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
          />
        </Box>
        {cardError && (
          <Box sx={{ mt: 1 }}>
            <ErrorMessage>{cardError}</ErrorMessage>
          </Box>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {m.stripeNote}
      </Typography>
      <PayButton amount={amount} busy={busy} disabled={disabled || !stripe || !elements} />
    </Box>
  );
}
