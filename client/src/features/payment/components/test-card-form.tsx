import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { useForm, type Control } from 'react-hook-form';
import { FormTextField, type FieldEdit, type FormattedField } from '@/components/form/form-text-field';
import { orderMessages } from '@/config/order-messages';
import { hazardStripes } from '@/lib/theme';
import { confirmTestCard } from '../api/confirm-test-card';
import { digitsOf, formatCardNumberEdit, formatCvcEdit, formatExpiryEdit, parseExpiry } from '../utils/card-input';
import { BilledTo, PayButton, type CardFormProps } from './card-form';

const m = orderMessages.payment;

interface TestCardValues {
  number: string;
  expiry: string;
  cvc: string;
}

const EMPTY: TestCardValues = { number: '', expiry: '', cvc: '' };

function validateNumber(value: string): string | true {
  const digits = value.replace(/\s/g, '');
  if (!/^\d*$/.test(digits)) return m.cardNumberInvalid;
  return digits.length >= 13 || m.cardNumberIncomplete;
}

function validateExpiry(value: string): string | true {
  const expiry = parseExpiry(value);
  if (!expiry) return m.expiryIncomplete;
  return (expiry.month >= 1 && expiry.month <= 12) || m.expiryMonthInvalid;
}

function validateCvc(value: string): string | true {
  return /^\d{3,4}$/.test(value.trim()) || m.cvcIncomplete;
}

interface CardFieldSpec {
  name: keyof TestCardValues;
  validate: (value: string) => string | true;
  label: string;
  placeholder: string;
  autoComplete: string;
  format: (edit: FieldEdit) => FormattedField;
  maxLength: number;
  /** Off for the number and the expiry (digits, not words); the CVC leaves it to the browser. */
  spellCheck?: false;
}

/** The card's fields: digits typed on a numeric keypad, formatted as they are typed, with the browser's card autofill. */
const CARD_FIELDS: Record<keyof TestCardValues, CardFieldSpec> = {
  // maxLength: 19 digits and their 4 spaces.
  number: { name: 'number', validate: validateNumber, label: m.cardNumber, placeholder: '4242 4242 4242 4242', autoComplete: 'cc-number', format: formatCardNumberEdit, maxLength: 23, spellCheck: false },
  // Shows MM/YY (5); 7 lets "12 / 30" and "12/2030" be pasted whole, then formatted.
  expiry: { name: 'expiry', validate: validateExpiry, label: m.expiry, placeholder: 'MM/YY', autoComplete: 'cc-exp', format: formatExpiryEdit, maxLength: 7, spellCheck: false },
  cvc: { name: 'cvc', validate: validateCvc, label: m.cvc, placeholder: '123', autoComplete: 'cc-csc', format: formatCvcEdit, maxLength: 4 },
};

function CardField({ control, field }: { control: Control<TestCardValues>; field: CardFieldSpec }) {
  const { name, validate, label, placeholder, autoComplete, format, maxLength, spellCheck } = field;
  return (
    <FormTextField
      control={control}
      name={name}
      rules={{ validate }}
      label={label}
      placeholder={placeholder}
      autoComplete={autoComplete}
      format={format}
      required
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength, spellCheck }, inputLabel: { shrink: true } }}
    />
  );
}

/** The notice that nothing real is charged, and which card to use. */
export function TestModeNotice() {
  return (
    <Box
      role="note"
      aria-labelledby="test-mode-title"
      sx={{
        display: 'flex',
        gap: 1.5,
        p: 2,
        borderRadius: 2,
        bgcolor: 'testMode.bg',
        border: '1px solid',
        borderColor: 'testMode.border',
        borderTop: 0,
        position: 'relative',
        overflow: 'hidden',
        pt: 2.75,
        '&::before': {
          content: '""',
          position: 'absolute',
          top: 0,
          left: 0,
          right: 0,
          height: 6,
          background: (t) => hazardStripes(t, 10),
        },
      }}
    >
      <ScienceOutlinedIcon aria-hidden="true" sx={{ color: 'testMode.icon', mt: 0.25 }} />
      <Box>
        <Typography id="test-mode-title" component="p" sx={{ fontWeight: 900, letterSpacing: '0.12em', color: 'testMode.title' }}>
          {m.testModeTitle}
        </Typography>
        <Typography variant="body2" sx={{ color: 'testMode.text', mt: 0.25 }}>
          {m.testModeText}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The test-mode card form: number, expiry and CVC, confirmed by the server's
 * offline provider with Stripe's test cards. What is typed here is sent once
 * and forgotten: never stored, never logged, cleared after a payment.
 */
export function TestCardForm({ clientSecret, billing, amount, busy, disabled, onPay }: CardFormProps) {
  const { control, handleSubmit, reset } = useForm<TestCardValues>({ defaultValues: EMPTY, mode: 'onTouched' });

  const onSubmit = handleSubmit(async (values) => {
    const expiry = parseExpiry(values.expiry);
    if (!clientSecret || !expiry) return;
    const paid = await onPay(async () => {
      const intent = await confirmTestCard({
        clientSecret,
        number: digitsOf(values.number), // the server takes digits (it also ignores spaces and dashes)
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: values.cvc.trim(),
        name: billing.name,
        email: billing.email,
      });
      if (intent.status !== 'succeeded') throw new Error(m.notSucceeded(intent.status));
      return intent.id;
    });
    if (paid) reset(EMPTY);
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={m.cardTitle} sx={{ display: 'grid', gap: 2.25 }}>
      <TestModeNotice />
      <BilledTo billing={billing} />
      <CardField control={control} field={CARD_FIELDS.number} />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <CardField control={control} field={CARD_FIELDS.expiry} />
        <CardField control={control} field={CARD_FIELDS.cvc} />
      </Box>
      <PayButton amount={amount} busy={busy} disabled={disabled} />
    </Box>
  );
}
