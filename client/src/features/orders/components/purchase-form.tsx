import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { DeliveryFields } from '@/components/form/delivery-fields';
import { AddressChoice, useAddressChoice } from '@/features/addresses';
import { FormCard } from '@/components/form/form-card';
import { ErrorMessage } from '@/components/ui/error-message';
import { OrderTotal } from '@/components/ui/order-total';
import { FormTextField } from '@/components/form/form-text-field';
import { ReadOnlyField } from '@/components/form/read-only-field';
import { orderMessages } from '@/config/order-messages';
import { ApiError } from '@/lib/api-client';
import { keptRefusal, showFieldErrors } from '@/lib/form-errors';
import { useBuyerTax } from '@/lib/buyer-tax';
import { taxExemptionMessages } from '@/config/tax-exemption-messages';
import { useToast } from '@/lib/toast';
import type { Product, User } from '@/types/api';
import { formatPrice } from '@/utils/format';
import { figuresOf, rateInHundredths, serverFigures } from '@/utils/money';
import { usePlaceOrder } from '../api/place-order';
import { checkQuantity, isOutOfRange } from '../utils/quantity';
import { OrderPlaced, type PlacedSummary } from './order-placed';
import { useOutOfRangeToast } from './use-out-of-range-toast';

const m = orderMessages.orders;

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

interface PurchaseFormProps {
  product: Product;
  user: Pick<User, 'name' | 'email'>;
  /** "Add to cart" under Place Order (issue 34), given the form's quantity: null (and the field says why) when it is not one to order. */
  cartAction?: (quantity: () => number | null) => ReactNode;
  /**
   * Issue 48: the delivery options (the route composes them), given the quantity (null when it is not one to
   * order) and the saved address chosen: their section, the body's delivery fields, and whether their figures
   * (the server's) replace the total computed here. Absent: none.
   */
  delivery?: (quantity: number | null, addressId: string) => { section: ReactNode; fields: Record<string, string>; replacesTotal: boolean };
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
 * the order from being sent. The total (and its tax, at GET /config's rate) is
 * computed here as the server computes it until the order is placed; the
 * confirmation then shows the server's figures.
 */
export function PurchaseForm({ product, user, cartAction, delivery }: PurchaseFormProps) {
  const toast = useToast();
  const placeOrder = usePlaceOrder();
  const { rate, exemption } = useBuyerTax();
  // The server's refusal to keep in view (a toast goes): too many unpaid orders (409), stock taken meanwhile (409), too many at once (429).
  const [refusal, setRefusal] = useState<string | null>(null);
  // Set once an order is placed: the form then shows its confirmation and
  // takes no second order until the buyer starts a new one.
  const [placed, setPlaced] = useState<PlacedSummary | null>(null);
  const refocusQuantity = useRef(false);
  const choice = useAddressChoice();
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

  const sayOutOfRange = useOutOfRangeToast(outOfRange, quantityValue, soldOut);
  const shipping = delivery?.(quantity.ok ? quantity.quantity : null, choice.addressId);

  // The quantity's message shows while typing, not only after leaving the field.
  useEffect(() => {
    if (getFieldState('quantity').isDirty) void trigger('quantity');
  }, [quantityValue, minimum, available, getFieldState, trigger]);

  const onValid = (values: PurchaseFormValues) => {
    const check = checkQuantity(values.quantity, minimum, available);
    if (!check.ok) {
      if (isOutOfRange(check)) sayOutOfRange();
      return;
    }
    if (placed) return;
    setRefusal(null);
    placeOrder.mutate(
      {
        productId: product._id,
        productQuantity: check.quantity,
        ...(choice.addressId ? { addressId: choice.addressId } : { address: values.address.trim(), mobile: values.mobile.trim() }),
        ...shipping?.fields,
      },
      {
        onSuccess: (result) => {
          toast.success(m.ordered);
          setPlaced({
            id: result.insertedId,
            number: result.number,
            productName: product.name,
            quantity: result.productQuantity,
            figures: serverFigures(result),
            awaitingApproval: result.awaitingApproval === true,
          });
        },
        onError: (error) => {
          setRefusal(keptRefusal(error));
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
  const figures = quantity.ok && rate !== undefined ? figuresOf([{ unitPrice: product.price, quantity: quantity.quantity, tiers: product.tiers }], rateInHundredths(rate)) : null;

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
      <AddressChoice list={choice.list} value={choice.addressId} onChange={choice.setAddressId} disabled={locked} />
      {choice.addressId === '' && <DeliveryFields control={control} disabled={locked} shouldUnregister />}

      {!placed && shipping?.section}

      {soldOut && <ErrorMessage>{m.outOfStock}</ErrorMessage>}

      {refusal && <ErrorMessage>{refusal}</ErrorMessage>}
      {!placed && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, pt: 1, borderTop: 1, borderColor: 'divider' }}>
          {shipping?.replacesTotal ? (
            <Box sx={{ flex: '1 1 14rem' }} />
          ) : (
            <OrderTotal
              figures={figures}
              rate={rate}
              exemptLabel={exemption && taxExemptionMessages.exemptLine(exemption.number, exemption.country)}
              sx={{ flex: '1 1 14rem' }}
            />
          )}
          <Button type="submit" variant="contained" size="large" disabled={!canSubmit} loading={placeOrder.isPending} sx={{ minHeight: 48, px: 4, flexGrow: { xs: 1, sm: 0 } }}>
            {m.submit}
          </Button>
        </Box>
      )}
      {cartAction?.(() => {
        if (quantity.ok) return quantity.quantity;
        void trigger('quantity');
        if (outOfRange) sayOutOfRange();
        return null;
      })}

      {placed && <OrderPlaced placed={placed} onPlaceAnother={startNewOrder} />}
    </FormCard>
  );
}
