import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { deliveryMessages } from '@/config/delivery-messages';
import { ApiError } from '@/lib/api-client';
import { useToast } from '@/lib/toast';
import { formatPrice } from '@/utils/format';
import { useAddShippingMethod, useDeleteShippingMethod, useShippingMethods, type ShippingMethod, type ShippingMethodInput } from '../api/delivery';

const m = deliveryMessages.admin;

function summary(x: ShippingMethod): string {
  const countries = x.countries.length > 0 ? x.countries.join(', ') : m.allCountries;
  const bands = x.rates.length > 0 ? x.rates.map((r) => m.band(r.maxKg, formatPrice(r.price))).join(', ') : m.noBands;
  const free = x.freeOver === null || x.freeOver === undefined ? '' : m.freeFrom(formatPrice(x.freeOver));
  return `${m.kinds[x.kind] ?? x.kind}: ${m.summary(countries, bands, free, x.days)}`;
}

/** The form's text as POST /shipping/methods's body. */
export function methodBody(v: { name: string; kind: string; countries: string; rates: string; freeOver: string; days: string }): ShippingMethodInput {
  const list = (text: string, sep: string) => text.split(sep).map((s) => s.trim()).filter(Boolean);
  return {
    name: v.name.trim(),
    kind: v.kind as ShippingMethodInput['kind'],
    countries: list(v.countries, ','),
    rates: list(v.rates, ';').map((band) => {
      const [maxKg = '', price = ''] = band.split(':');
      return { maxKg: maxKg.trim(), price: price.trim() };
    }),
    ...(v.freeOver.trim() && { freeOver: v.freeOver.trim() }),
    days: Number(v.days) || 0,
  };
}

const empty = { name: '', kind: 'delivery', countries: '', rates: '', freeOver: '', days: '0' };

/** /dashboard/shipping (admins): the shipping methods listed, added and deleted (issue 48). */
export function ShippingAdmin() {
  const toast = useToast();
  const methods = useShippingMethods();
  const add = useAddShippingMethod();
  const remove = useDeleteShippingMethod();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof typeof empty) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }),
    error: Boolean(errors[name] ?? Object.keys(errors).find((k) => k.startsWith(`${name}[`))),
    helperText: errors[name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}[`))?.[1] ?? ' ',
    fullWidth: true,
  });
  const list = methods.data ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {methods.isError && <ErrorMessage onRetry={() => void methods.refetch()}>{m.addFailed}</ErrorMessage>}
      {list.length === 0 && !methods.isPending && <Typography data-testid="shipping-none">{m.none}</Typography>}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {list.map((x) => (
          <Box component="li" key={x._id} data-testid="shipping-method" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'center', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 800 }}>{x.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {summary(x)}
              </Typography>
            </Box>
            <Button
              variant="outlined"
              color="error"
              aria-label={m.delete(x.name)}
              onClick={() =>
                remove.mutate(x._id, { onSuccess: () => toast.success(m.deleted(x.name)), onError: () => toast.error(m.deleteFailed) })
              }
            >
              {m.deleteButton}
            </Button>
          </Box>
        ))}
      </Box>
      <Box
        component="form"
        aria-labelledby="shipping-add-title"
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          add.mutate(methodBody(values), {
            onSuccess: (stored) => {
              toast.success(m.added(stored.name));
              setValues(empty);
            },
            onError: (error) => {
              if (error instanceof ApiError) setErrors(error.errors);
              toast.error(m.addFailed);
            },
          });
        }}
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <Typography id="shipping-add-title" variant="h5" component="h2" sx={{ fontWeight: 800, gridColumn: '1 / -1' }}>
          {m.addTitle}
        </Typography>
        <TextField label={m.name} required {...field('name')} />
        <TextField select label={m.kind} {...field('kind')}>
          {Object.entries(m.kinds).map(([k, label]) => (
            <MenuItem key={k} value={k}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField label={m.countries} {...field('countries')} />
        <TextField label={m.rates} {...field('rates')} />
        <TextField label={m.freeOver} {...field('freeOver')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <TextField label={m.days} type="number" {...field('days')} slotProps={{ htmlInput: { min: 0, max: 365 } }} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" loading={add.isPending}>
            {m.add}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
