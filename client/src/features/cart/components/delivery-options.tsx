import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { deliveryMessages as m } from '@/config/delivery-messages';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/utils/format';
import { formatDay } from '@/utils/format-date';
import { useDeliveryPreviews, useShippingMethods, type CheckoutFigures, type CheckoutPreviewInput, type ShippingMethod } from '../api/delivery';

/** What the buyer chose: the option's id ('' before a choice) and the country (two letters, upper case; '' none). */
export interface DeliveryChoice {
  shippingMethodId: string;
  country: string;
}

/** Where the choice is kept for the tab's session: made on the cart, it is the checkout's (and the Purchase path's). */
const CHOICE_KEY = 'deliveryChoice';

function storedChoice(): DeliveryChoice {
  try {
    const v = JSON.parse(window.sessionStorage.getItem(CHOICE_KEY) ?? 'null') as Partial<DeliveryChoice> | null;
    if (typeof v?.shippingMethodId === 'string' && typeof v.country === 'string') return { shippingMethodId: v.shippingMethodId, country: v.country };
  } catch {
    // storage blocked or a stale value: no choice yet
  }
  return { shippingMethodId: '', country: '' };
}

/** The delivery options (GET /shipping/methods) and the buyer's choice (kept for the tab's session); `ready` once the list is known. */
export function useDeliveryChoice() {
  const methods = useShippingMethods();
  const [choice, setState] = useState<DeliveryChoice>(storedChoice);
  const setChoice = (next: DeliveryChoice) => {
    setState(next);
    try {
      window.sessionStorage.setItem(CHOICE_KEY, JSON.stringify(next));
    } catch {
      // storage blocked: the choice lasts as long as the page
    }
  };
  const list = methods.data ?? [];
  const chosen = list.some((x) => x._id === choice.shippingMethodId) ? choice.shippingMethodId : (list[0]?._id ?? '');
  return { list, choice: { ...choice, shippingMethodId: chosen }, setChoice };
}

/** The body's delivery fields for a choice (none while no option exists: free delivery, as before issue 48). */
export function deliveryBody(choice: DeliveryChoice): Partial<CheckoutPreviewInput> {
  return {
    ...(choice.shippingMethodId && { shippingMethodId: choice.shippingMethodId }),
    ...(/^[A-Z]{2}$/.test(choice.country) && { country: choice.country }),
  };
}

/** Why a preview was refused: the field's reason the server gave (a country not served), else its detail. */
function reason(error: unknown): string {
  if (error instanceof ApiError) return Object.values(error.errors)[0] ?? error.detail;
  return m.failed;
}

function optionText(method: ShippingMethod, figures: CheckoutFigures | undefined): string {
  if (!figures) return method.name;
  const price = figures.freightOnQuote ? m.onQuote : figures.shipping === 0 ? m.free : formatPrice(figures.shipping);
  return `${method.name}: ${price}. ${m.expected(formatDay(figures.deliveryBy))}`;
}

function Line({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography component="dt" sx={{ fontWeight: strong ? 800 : 600, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" data-testid={testId} sx={{ m: 0, fontWeight: strong ? 900 : 700, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * Delivery at checkout and on the Purchase path (issue 48): each option with its price and expected date, each
 * from POST /checkout/preview with that option (the server's figures only), the country when an option needs it,
 * and the chosen option's subtotal, delivery, tax and total: what checkout charges. Choosing re-previews.
 */
export function DeliveryOptions({
  body,
  list,
  choice,
  onChange,
}: {
  /** The purchase's body without its delivery fields; null while its lines cannot be bought (no preview). */
  body: CheckoutPreviewInput | null;
  list: readonly ShippingMethod[];
  choice: DeliveryChoice;
  onChange: (choice: DeliveryChoice) => void;
}) {
  const labelId = useId();
  const withCountry = body && { ...body, ...deliveryBody({ ...choice, shippingMethodId: '' }) };
  const previews = useDeliveryPreviews(withCountry, list);
  if (list.length === 0) return null;
  const index = Math.max(0, list.findIndex((x) => x._id === choice.shippingMethodId));
  const chosen = previews[index];
  const needsCountry = list.some((x) => x.kind !== 'pickup' && x.countries.length > 0);
  return (
    <Box component="section" aria-labelledby={`${labelId}-title`} data-testid="delivery-options" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={`${labelId}-title`} variant="h5" component="h2" sx={{ fontWeight: 800 }}>
        {m.title}
      </Typography>
      {needsCountry && (
        <TextField
          label={m.country}
          helperText={m.countryHelp}
          value={choice.country}
          onChange={(e) => onChange({ ...choice, country: e.target.value.toUpperCase().slice(0, 2) })}
          slotProps={{ htmlInput: { maxLength: 2, 'data-testid': 'delivery-country', autoComplete: 'country' } }}
          sx={{ maxWidth: 320 }}
        />
      )}
      <FormControl>
        <FormLabel id={labelId} sx={{ fontWeight: 700, color: 'text.primary' }}>
          {m.choose}
        </FormLabel>
        <RadioGroup aria-labelledby={labelId} value={list[index]?._id ?? ""} onChange={(e) => onChange({ ...choice, shippingMethodId: e.target.value })}>
          {list.map((method, i) => {
            const p = previews[i];
            const label = p?.error ? `${method.name}: ${m.unavailable(reason(p.error))}` : optionText(method, p?.data);
            return <FormControlLabel key={method._id} value={method._id} control={<Radio />} label={label} data-testid="delivery-option" sx={{ overflowWrap: 'anywhere' }} />;
          })}
        </RadioGroup>
      </FormControl>
      {chosen?.data ? (
        <Box component="dl" aria-live="polite" data-testid="delivery-figures" sx={{ m: 0, '& > div + div': { borderTop: 1, borderColor: 'divider' } }}>
          <Line label={m.subtotal} value={formatPrice(chosen.data.subtotal)} testId="preview-subtotal" />
          <Line label={m.shipping} value={chosen.data.freightOnQuote ? m.onQuote : chosen.data.shipping === 0 ? m.free : formatPrice(chosen.data.shipping)} testId="preview-shipping" />
          <Line label={m.tax} value={formatPrice(chosen.data.tax)} testId="preview-tax" />
          <Line label={m.total} value={formatPrice(chosen.data.total)} strong testId="preview-total" />
          {chosen.data.freightOnQuote && <Typography variant="body2">{m.onQuoteNote}</Typography>}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {chosen?.error ? m.unavailable(reason(chosen.error)) : m.loading}
        </Typography>
      )}
    </Box>
  );
}
