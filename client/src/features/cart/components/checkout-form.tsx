import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { DeliveryFields } from '@/components/form/delivery-fields';
import { AddressChoice, useAddressChoice } from '@/features/addresses';
import { useCompanies, PaymentChoice, type Payment } from '@/features/companies';
import { FormCard } from '@/components/form/form-card';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormTextField } from '@/components/form/form-text-field';
import { ButtonLink } from '@/components/ui/button-link';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { OrderTotal } from '@/components/ui/order-total';
import { approvalMessages } from '@/config/approval-messages';
import { cartMessages } from '@/config/cart-messages';
import { orderMessages } from '@/config/order-messages';
import { priceMessages } from '@/config/price-messages';
import { termsMessages } from '@/config/terms-messages';
import { paths } from '@/config/paths';
import { keptRefusal, showFieldErrors, withReason } from '@/lib/form-errors';
import { useBuyerTax } from '@/lib/buyer-tax';
import { taxExemptionMessages } from '@/config/tax-exemption-messages';
import { useToast } from '@/lib/toast';
import { formatCents } from '@/utils/format';
import { rateInHundredths } from '@/utils/money';
import { cartFigures, rowUnitCents, useCartRows, type CartRow } from '../api/cart-products';
import { useCheckout } from '../api/checkout';
import { clearCart } from '../utils/cart-actions';
import { DeliveryOptions, deliveryBody, useDeliveryChoice } from './delivery-options';
import { linesReady } from './cart-view';

const m = cartMessages.checkout;
const o = orderMessages.orders;

/** The server's limits (shop.MaxPONumberLen, shop.MaxCompanyLen). */
export const MAX_PO_NUMBER = 60;
export const MAX_COMPANY = 150;

export interface CheckoutValues {
  mobile: string;
  address: string;
  poNumber: string;
  company: string;
}

const maxLength = (n: number) => (value: string) => value.trim().length <= n || m.tooLong(n);

/** The lines short of stock now (after a 409, with the products reloaded). */
export function shortLines(rows: readonly CartRow[]): { name: string; available: number }[] {
  return rows.filter((row) => row.product && row.quantity > row.product.avaialbequantit).map((row) => ({ name: row.product?.name ?? '', available: row.product?.avaialbequantit ?? 0 }));
}

/**
 * /checkout (signed in): the delivery details once (the purchase page's
 * Mobile and Address rules), an optional PO reference and company, and the
 * cart's lines with the subtotal, tax and total they will be charged (computed
 * here as the server computes them). Place order sends POST /checkout; a 409
 * names the lines short of stock (nothing was ordered), or says the server's
 * reason (too many unpaid orders). Placed: the cart is emptied, the toast says
 * the purchase's one number, and its payment page opens with the server's figures.
 */
/** The caller's company when they are a member of an approved one: the purchase is its (its name, its PO rule). */
function useMemberCompany() {
  const own = useCompanies();
  const company = own.data?.items[0];
  return company?.status === 'approved' ? company : undefined;
}

export function CheckoutForm() {
  const toast = useToast();
  const navigate = useNavigate();
  const { rows, loading } = useCartRows();
  const placeOrder = useCheckout();
  const { rate, exemption } = useBuyerTax();
  const [refusal, setRefusal] = useState<string | null>(null);
  const member = useMemberCompany();
  const choice = useAddressChoice(member); // (a member may ship to the company's addresses: issue 45)
  const delivery = useDeliveryChoice();
  const [payment, setPayment] = useState<Payment>('card');
  const { control, handleSubmit, setError } = useForm<CheckoutValues>({ mode: 'onTouched', defaultValues: { mobile: '', address: '', poNumber: '', company: '' } });

  if (rows.length === 0 && !placeOrder.isSuccess) {
    return (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography data-testid="checkout-empty">{m.emptyCart}</Typography>
        <ButtonLink to={paths.products} tone="primary">
          {cartMessages.cart.browse}
        </ButtonLink>
      </Box>
    );
  }
  if (loading) return <LoadingSpinner minHeight="30vh" />;

  const ready = linesReady(rows);
  const onSubmit = handleSubmit((values) => {
    setRefusal(null);
    placeOrder.mutate(
      {
        items: rows.map((row) => ({ productId: row.productId, quantity: row.quantity })),
        ...(choice.addressId ? { addressId: choice.addressId } : { address: values.address.trim(), mobile: values.mobile.trim() }),
        ...deliveryBody(delivery.choice),
        ...(values.poNumber.trim() && { poNumber: values.poNumber.trim() }),
        ...(!member && values.company.trim() && { company: values.company.trim() }),
        ...(payment === 'account' && { payment }),
      },
      {
        onSuccess: (result) => {
          clearCart();
          // issue 45: above the buyer's limit it waits for their company's approval: its page says so (it cannot be paid yet)
          if (result.awaitingApproval) {
            toast.success(approvalMessages.placed(result.number));
            void navigate(paths.dashboard.order.to(result.groupId));
            return;
          }
          // On account (issue 45): nothing to pay now; the purchase's page shows it.
          toast.success(payment === 'account' ? termsMessages.checkout.placed(result.number) : m.placed(result.number));
          void navigate(payment === 'account' ? paths.dashboard.order.to(result.groupId) : paths.payment.to(result.groupId));
        },
        onError: (error) => {
          setRefusal(keptRefusal(error));
          showFieldErrors(error, ['mobile', 'address', 'poNumber', 'company'], setError, (field, reason) =>
            o.fieldError({ mobile: o.mobile, address: o.address, poNumber: m.poNumber, company: m.company }[field], reason),
          );
          toast.error(withReason(m.failed, error));
        },
      },
    );
  });

  // After a 409 the products are reloaded (useCheckout invalidates them): the short lines are those over the stock now.
  const nowShort = refusal ? shortLines(rows) : [];
  // Issue 48: with delivery options, the figures are the server's (POST /checkout/preview), each option's too.
  const previewBody = ready ? { items: rows.map((row) => ({ productId: row.productId, quantity: row.quantity })), ...(choice.addressId && { addressId: choice.addressId }) } : null;
  const withDelivery = delivery.list.length > 0;
  return (
    <FormCard onSubmit={onSubmit} aria-labelledby="checkout-delivery-title" sx={{ borderRadius: 3, p: { xs: 2.5, sm: 3.5 } }}>
      <Box component="section" aria-labelledby="checkout-lines-title">
        <Typography id="checkout-lines-title" variant="h5" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
          {m.linesTitle}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
          {rows.map((row) => (
            <Box component="li" key={row.productId} data-testid="checkout-line" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{row.product?.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {o.quantityPcs(row.quantity)} × {row.product ? formatCents(rowUnitCents(row, row.quantity)) : ''}
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>{row.product ? formatCents(rowUnitCents(row, row.quantity) * row.quantity) : ''}</Typography>
            </Box>
          ))}
        </Box>
        {!withDelivery && (
          <Box sx={{ borderTop: 2, borderColor: 'divider', pt: 0.5, mt: 1 }}>
            <OrderTotal
              figures={rate === undefined ? null : cartFigures(rows, rateInHundredths(rate))}
              rate={rate}
              exemptLabel={exemption && taxExemptionMessages.exemptLine(exemption.number, exemption.country)}
            />
          </Box>
        )}
      </Box>

      <Typography id="checkout-delivery-title" variant="h5" component="h2" sx={{ fontWeight: 800 }}>
        {m.deliveryTitle}
      </Typography>
      <AddressChoice list={choice.list} value={choice.addressId} onChange={choice.setAddressId} />
      {choice.addressId === '' && <DeliveryFields control={control} shouldUnregister />}
      {member && <Typography data-testid="checkout-company">{priceMessages.forCompany(member.name)}</Typography>}
      {member && (member.termsDays ?? 0) > 0 && <PaymentChoice company={member} value={payment} onChange={setPayment} />}
      <DeliveryOptions body={previewBody} list={delivery.list} choice={delivery.choice} onChange={delivery.setChoice} />
      <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="poNumber"
          rules={{ validate: (value: string) => (member?.poRequired && !value.trim() ? priceMessages.poMissing : maxLength(MAX_PO_NUMBER)(value)) }}
          label={member?.poRequired ? priceMessages.poRequired(member.name) : m.poNumber}
          required={member?.poRequired}
          fullWidth
        />
        {!member && <FormTextField control={control} name="company" rules={{ validate: maxLength(MAX_COMPANY) }} label={m.company} autoComplete="organization" fullWidth />}
      </Box>

      {refusal &&
        (nowShort.length > 0 ? (
          <Box role="alert" data-testid="checkout-short" sx={{ color: 'error.main', fontWeight: 600 }}>
            <Typography sx={{ fontWeight: 800 }}>{m.shortTitle}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {nowShort.map((line) => (
                <li key={line.name}>{m.shortLine(line.name, line.available)}</li>
              ))}
            </Box>
          </Box>
        ) : (
          <ErrorMessage>{refusal}</ErrorMessage>
        ))}
      {!ready && <ErrorMessage>{cartMessages.cart.fixLines}</ErrorMessage>}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'center' }}>
        <ButtonLink to={paths.cart} tone="outlined">
          {m.backToCart}
        </ButtonLink>
        <Button type="submit" variant="contained" size="large" disabled={!ready || placeOrder.isPending || placeOrder.isSuccess} loading={placeOrder.isPending}>
          {m.place}
        </Button>
      </Box>
    </FormCard>
  );
}
