import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { DeliveryFields } from '@/components/form/delivery-fields';
import { FormCard } from '@/components/form/form-card';
import { FormError } from '@/components/form/form-error';
import { FormTextField } from '@/components/form/form-text-field';
import { ReadOnlyField } from '@/components/form/read-only-field';
import { orderMessages } from '@/config/order-messages';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { showFieldErrors } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import type { Product, User } from '@/types/api';
import { formatCents, formatPrice } from '@/utils/format';
import { usePlaceOrder } from '../api/place-order';
import { checkQuantity, isOutOfRange } from '../utils/quantity';

const m = orderMessages.orders;

/** How long the quantity stays out of range before the toast says so. */
export const OUT_OF_RANGE_TOAST_DELAY_MS = 400;

export interface PurchaseFormValues {
  productName: string;
  productPrice: string;
  quantity: string;
  mobile: string;
  address: string;
}

/** The fields the server may name in a 400's `errors`, and the form field each belongs to. */
const SERVER_FIELD_NAMES = { productQuantity: 'quantity', mobile: 'mobile', address: 'address' } as const;
const FIELD_LABELS: Partial<Record<keyof PurchaseFormValues, string>> = { quantity: m.quantity, mobile: m.mobile, address: m.address };

/** The order just placed, as its confirmation names it. */
interface PlacedSummary {
  id: string;
  number: number;
  productName: string;
  quantity: number;
  amountCents: number;
}

interface PurchaseFormProps {
  product: Product;
  user: Pick<User, 'name' | 'email'>;
  /** Called once an order was tried: the product's stock has changed either way. */
  onStockChanged?: () => unknown;
}

function defaultsFor(product: Product): PurchaseFormValues {
  return {
    productName: product.name,
    productPrice: formatPrice(product.price),
    quantity: String(product.minimumquantity),
    mobile: '',
    address: '',
  };
}

function quantityRule(value: string, minimum: number, available: number): string | true {
  const check = checkQuantity(value, minimum, available);
  return check.ok || check.message;
}

/** The server's reason for refusing an order, in words a customer reads ("Mobile must be a phone number"). */
function refusalReason(error: Error): string {
  if (!(error instanceof ApiError)) return '';
  if (error.code === 'network') return error.title;
  const fields = Object.entries(error.errors)
    .map(([name, reason]) => {
      const field = SERVER_FIELD_NAMES[name as keyof typeof SERVER_FIELD_NAMES];
      return m.fieldError((field && FIELD_LABELS[field]) ?? name, reason);
    })
    .join('; ');
  return fields || error.detail;
}

/**
 * The order form of /purchase/:id: name and email from the account, product and
 * price read-only, a quantity from the product's minimum up to its stock, mobile
 * and address. An out-of-range quantity says so (the spec's toast) and keeps
 * the order from being sent.
 */
export function PurchaseForm({ product, user, onStockChanged }: PurchaseFormProps) {
  const toast = useToast();
  const placeOrder = usePlaceOrder({ onSettled: onStockChanged });
  // Set once an order is placed: the form then shows its confirmation and
  // takes no second order until the buyer starts a new one.
  const [placed, setPlaced] = useState<PlacedSummary | null>(null);
  const refocusQuantity = useRef(false);
  const { control, handleSubmit, reset, setError, setFocus, trigger, getFieldState } = useForm<PurchaseFormValues>({
    defaultValues: defaultsFor(product),
    mode: 'onTouched',
  });

  const minimum = product.minimumquantity;
  const available = product.avaialbequantit;
  const soldOut = available < minimum;
  const quantityValue = useWatch({ control, name: 'quantity' });
  const quantity = checkQuantity(quantityValue, minimum, available);
  const outOfRange = isOutOfRange(quantity);

  // The spec's toast once each time the quantity goes out of range, when the
  // typing pauses there: typing "250" for a minimum of 100 passes "2" and "25"
  // on the way, which is no reason to complain. (The field says why at once.)
  const toasted = useRef(soldOut || outOfRange);
  useEffect(() => {
    if (!outOfRange) {
      toasted.current = false;
      return;
    }
    if (toasted.current) return;
    const timer = setTimeout(() => {
      if (toasted.current) return;
      toasted.current = true;
      toast.error(m.quantityOutOfRange);
    }, OUT_OF_RANGE_TOAST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [outOfRange, quantityValue, toast]);

  // The quantity's message shows while typing, not only after leaving the field.
  useEffect(() => {
    if (getFieldState('quantity').isDirty) void trigger('quantity');
  }, [quantityValue, minimum, available, getFieldState, trigger]);

  /** On a submit: at once (and the pause's pending toast, if any, is then not said again). */
  const sayOutOfRange = () => {
    toasted.current = true;
    toast.error(m.quantityOutOfRange);
  };

  const onValid = (values: PurchaseFormValues) => {
    const check = checkQuantity(values.quantity, minimum, available);
    if (!check.ok) {
      if (isOutOfRange(check)) sayOutOfRange();
      return;
    }
    if (placed) return;
    placeOrder.mutate(
      { productId: product._id, productQuantity: check.quantity, address: values.address.trim(), mobile: values.mobile.trim() },
      {
        onSuccess: (result) => {
          toast.success(m.ordered);
          setPlaced({
            id: result.insertedId,
            number: result.number,
            productName: product.name,
            quantity: check.quantity,
            amountCents: Math.round(product.price * 100) * check.quantity,
          });
        },
        onError: (error) => {
          showFieldErrors(error, SERVER_FIELD_NAMES, setError, (field, reason) => m.fieldError(FIELD_LABELS[field] ?? field, reason));
          const reason = refusalReason(error);
          toast.error(reason ? m.orderFailedBecause(reason) : m.orderFailed);
        },
      },
    );
  };

  const onInvalid = (errors: FieldErrors<PurchaseFormValues>) => {
    if (errors.quantity && isOutOfRange(checkQuantity(quantityValue, minimum, available))) sayOutOfRange();
  };

  const startNewOrder = () => {
    reset(defaultsFor(product));
    refocusQuantity.current = true;
    setPlaced(null);
  };

  // The new order starts at the quantity, once the fields are enabled again.
  useEffect(() => {
    if (placed || !refocusQuantity.current) return;
    refocusQuantity.current = false;
    setFocus('quantity');
  }, [placed, setFocus]);

  const readOnly = { input: { readOnly: true }, inputLabel: { shrink: true } };
  const canSubmit = quantity.ok && !soldOut && !placeOrder.isPending && !placed;
  const locked = soldOut || placed !== null;
  const total = quantity.ok ? formatCents(Math.round(product.price * 100) * quantity.quantity) : null;

  return (
    <FormCard
      onSubmit={handleSubmit(onValid, onInvalid)}
      aria-labelledby="purchase-form-title"
      sx={{ borderRadius: 3, p: { xs: 2.5, sm: 3.5 }, '& .MuiInputBase-readOnly': { bgcolor: 'background.default' } }}
    >
      <Box>
        <Typography id="purchase-form-title" variant="h5" component="h2" sx={{ fontWeight: 800 }}>
          {m.formTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {m.formSubtitle}
        </Typography>
      </Box>

      <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <ReadOnlyField label={m.name} value={user.name} />
        <ReadOnlyField label={m.email} value={user.email} type="email" />
        <FormTextField control={control} name="productName" label={m.productName} slotProps={readOnly} fullWidth />
        <FormTextField control={control} name="productPrice" label={m.productPrice} slotProps={readOnly} fullWidth />
      </Box>

      <FormTextField
        control={control}
        name="quantity"
        rules={{ validate: (value: string) => quantityRule(value, minimum, available) }}
        label={m.quantity}
        type="number"
        required
        disabled={locked}
        helperText={m.quantityHint(minimum, available)}
        slotProps={{ htmlInput: { min: minimum, max: available, step: 1, inputMode: 'numeric' } }}
        fullWidth
      />
      <DeliveryFields control={control} disabled={locked} />

      {soldOut && <FormError>{m.outOfStock}</FormError>}

      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          pt: 2,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Typography component="p" aria-live="polite" sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 700 }}>
            {m.total}
          </Box>
          <Box component="span" data-testid="order-total" sx={{ fontWeight: 800, fontSize: '1.35rem' }}>
            {total ?? '—'}
          </Box>
        </Typography>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!canSubmit}
          loading={placeOrder.isPending}
          sx={{ minHeight: 48, px: 4, flexGrow: { xs: 1, sm: 0 } }}
        >
          {m.submit}
        </Button>
      </Box>

      {placed && (
        <Box
          role="status"
          data-testid="order-placed"
          sx={{
            display: 'grid',
            gap: 1.5,
            p: 2,
            borderRadius: 2,
            bgcolor: 'feedback.success.bg',
            border: '1px solid',
            borderColor: 'feedback.success.border',
            color: 'feedback.success.text',
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
            <CheckCircleIcon aria-hidden="true" sx={{ color: 'feedback.success.icon', mt: 0.25 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 800 }}>{m.placedTitle}</Typography>
              <Typography variant="body2">{m.placedText}</Typography>
            </Box>
          </Box>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'max-content minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 0.5,
              '& dt': { fontWeight: 700 },
              '& dd': { m: 0, overflowWrap: 'anywhere' },
            }}
          >
            <dt>{m.placedNumberLabel}</dt>
            <dd data-testid="placed-order-number">{m.orderNumber(placed.number)}</dd>
            <dt>{m.productName}</dt>
            <dd>{placed.productName}</dd>
            <dt>{m.quantity}</dt>
            <dd>{m.quantityPcs(placed.quantity)}</dd>
            <dt>{m.total}</dt>
            <dd>{formatCents(placed.amountCents)}</dd>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={paths.payment.to(placed.id)} variant="contained" color="secondary" size="small">
              {m.payNow}
            </Button>
            <Button component={RouterLink} to={paths.dashboard.myOrder} variant="outlined" color="secondary" size="small">
              {m.viewMyOrders}
            </Button>
            <Button type="button" variant="text" color="secondary" size="small" onClick={startNewOrder}>
              {m.placeAnother}
            </Button>
          </Box>
        </Box>
      )}
    </FormCard>
  );
}
