import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { companyMessages } from '@/config/company-messages';
import { ApiError } from '@/lib/api-client';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import type { Company, PriceList } from '@/types/api';
import { useUpdateCompany } from '../api/company-changes';

const m = companyMessages.prices;

/** Lines of `name: number` (blank lines skipped), or the first line that is not one. */
export function parseLines(text: string): { pairs: [string, string][] } | { bad: string } {
  const pairs: [string, string][] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const at = line.lastIndexOf(':');
    const name = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim().replace(/%$/, '').trim();
    if (at <= 0 || !name || !/^\d+(\.\d{1,2})?$/.test(value)) return { bad: line };
    pairs.push([name, value]);
  }
  return { pairs };
}

/** The form's text of a company's price list. */
export function priceListText(list: PriceList | undefined) {
  return {
    percentOff: String(list?.percentOff ?? 0),
    categories: (list?.categories ?? []).map((c) => `${c.category}: ${c.percentOff}`).join('\n'),
    products: (list?.products ?? []).map((p) => `${p.productId}: ${p.price}`).join('\n'),
  };
}

/** The server's field errors of a price list, by the form's field. */
function fieldErrors(error: unknown): Partial<Record<'percentOff' | 'categories' | 'products', string>> {
  if (!(error instanceof ApiError)) return {};
  const out: Partial<Record<'percentOff' | 'categories' | 'products', string>> = {};
  for (const [key, message] of Object.entries(error.errors)) {
    const match = /^priceList\.(percentOff|categories|products)(?:\[(\d+)\])?/.exec(key);
    if (!match) continue;
    const field = match[1] as 'percentOff' | 'categories' | 'products';
    const where = match[2] === undefined ? '' : `line ${Number(match[2]) + 1}: `;
    out[field] ??= `${where}${message}`;
  }
  return out;
}

/** An admin's form of a company's own prices and PO rule on its card (/dashboard/company): saved whole by PATCH /companies/{id}. */
export function PriceListForm({ company }: { company: Company }) {
  const toast = useToast();
  const update = useUpdateCompany();
  const [text, setText] = useState(() => priceListText(company.priceList));
  const [poRequired, setPORequired] = useState(company.poRequired ?? false);
  const [local, setLocal] = useState<Partial<Record<'percentOff' | 'categories' | 'products', string>>>({});
  const server = update.isError ? fieldErrors(update.error) : {};
  const errors = { ...server, ...local };
  const id = `prices-${company._id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof local = {};
    const percent = Number(text.percentOff.trim() || '0');
    if (!/^\d+(\.\d{1,2})?$/.test(text.percentOff.trim() || '0') || percent >= 100) found.percentOff = m.percentRange;
    const categories = parseLines(text.categories);
    if ('bad' in categories) found.categories = m.badLine(categories.bad);
    const products = parseLines(text.products);
    if ('bad' in products) found.products = m.badLine(products.bad);
    setLocal(found);
    if (Object.keys(found).length > 0 || 'bad' in categories || 'bad' in products) return;
    const priceList: PriceList = {
      percentOff: percent,
      categories: categories.pairs.map(([category, value]) => ({ category, percentOff: Number(value) })),
      products: products.pairs.map(([productId, value]) => ({ productId, price: Number(value) })),
    };
    update.mutate(
      { id: company._id, priceList, poRequired },
      { onSuccess: () => toast.success(m.saved(company.name)), onError: (error) => toast.error(withReason(m.failed, error)) },
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} sx={{ display: 'grid', gap: 1.5, pt: 1 }}>
      <Typography id={`${id}-title`} variant="subtitle1" component="h3" sx={{ fontWeight: 800 }}>
        {m.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {m.intro}
      </Typography>
      <TextField
        label={m.percentOff}
        value={text.percentOff}
        onChange={(e) => setText({ ...text, percentOff: e.target.value })}
        error={!!errors.percentOff}
        helperText={errors.percentOff}
        size="small"
        sx={{ maxWidth: 240 }}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        label={m.categories}
        value={text.categories}
        onChange={(e) => setText({ ...text, categories: e.target.value })}
        error={!!errors.categories}
        helperText={errors.categories ?? m.categoriesHint}
        multiline
        minRows={2}
        size="small"
      />
      <TextField
        label={m.products}
        value={text.products}
        onChange={(e) => setText({ ...text, products: e.target.value })}
        error={!!errors.products}
        helperText={errors.products ?? m.productsHint}
        multiline
        minRows={2}
        size="small"
      />
      <FormControlLabel control={<Checkbox checked={poRequired} onChange={(e) => setPORequired(e.target.checked)} />} label={m.poRequired} />
      <Box>
        <Button type="submit" variant="outlined" color="secondary" loading={update.isPending}>
          {m.save}
        </Button>
      </Box>
    </Box>
  );
}
