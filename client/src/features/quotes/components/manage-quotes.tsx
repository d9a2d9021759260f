import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import DoNotDisturbAltIcon from '@mui/icons-material/DoNotDisturbAlt';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { ConflictChoices, type ConflictChoice, type ConflictField } from '@/components/form/conflict-choices';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormTextField } from '@/components/form/form-text-field';
import { PagedList } from '@/components/ui/paged-list';
import { PagedQuery, usePaging } from '@/components/ui/paged-query';
import { formMessages } from '@/config/form-messages';
import { serviceMessages } from '@/config/service-messages';
import { ApiError } from '@/lib/api-client';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { formatPrice } from '@/utils/format';
import { getProductQueryOptions } from '@/features/catalogue';
import { useQuotes, type Quote } from '../api/get-quotes';
import { usePriceQuote } from '../api/price-quote';
import { isExpired, QuoteCard, QUOTES_PAGE_SIZE, todayUTC, useConfirmedDecline } from './quote-parts';

const m = serviceMessages.quotes;

export const MAX_NOTE_CHARS = 2000;
/** A new quote holds for two weeks unless the admin says otherwise. */
export const DEFAULT_VALIDITY_DAYS = 14;

/** `YYYY-MM-DD` of the day `days` after today, as the server counts days (UTC). */
export function dayAfter(days: number, now = new Date()): string {
  return todayUTC(new Date(now.getTime() + days * 24 * 60 * 60 * 1000));
}

export function validateUnitPrice(value: string): string | true {
  const text = value.trim();
  if (text === '') return m.unitPriceRequired;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return m.unitPriceInvalid;
  return Number(text) > 0 || m.unitPricePositive;
}

export function validateValidUntil(value: string, today = todayUTC()): string | true {
  if (!value) return m.validUntilRequired;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return m.validUntilRequired;
  return value >= today || m.validUntilPast;
}

/** The freight (issue 48): empty for none, else an amount of 0 or more with at most 2 decimals. */
export function validateFreight(value: string): string | true {
  const text = value.trim();
  return text === '' || /^\d+(\.\d{1,2})?$/.test(text) || m.freightInvalid;
}

function validateNote(value: string): string | true {
  return [...value.trim()].length <= MAX_NOTE_CHARS || m.noteTooLong(MAX_NOTE_CHARS);
}

interface PriceFormValues {
  prices: { value: string }[];
  validUntil: string;
  note: string;
  freight: string;
}

/** White inputs on the form's grey (the input only: the help under it stays on the grey). */
const fieldSx = { '& .MuiInputBase-root': { bgcolor: 'background.paper' } } as const;

/** The products' prices in the catalogue now, by product id (none for a product gone or still loading). */
function useListPrices(quote: Quote): Map<string, number> {
  const products = useQueries({
    queries: quote.items.map((item) => ({ ...getProductQueryOptions(item.productId), staleTime: 60_000, retry: false })),
  });
  const prices = new Map<string, number>();
  for (const product of products) if (product.data) prices.set(product.data._id, product.data.price);
  return prices;
}

interface UnitPriceFieldProps {
  control: Control<PriceFormValues>;
  index: number;
  item: Quote['items'][number];
  listPrice: number | undefined;
  /** Unique in the page: the field's id and its parts'. */
  id: string;
}

/**
 * One item's unit price: its whole label above the field (it wraps, never
 * cut), the list price beside it, the quantity under it; the input's
 * description reads the list price, then the quantity or the error.
 */
function UnitPriceField({ control, index, item, listPrice, id }: UnitPriceFieldProps) {
  const listId = `${id}-list`;
  return (
    <Box sx={{ display: 'grid', gap: 0.75, alignContent: 'start', minWidth: 0 }}>
      <FormLabel htmlFor={id} required sx={{ fontWeight: 600, fontSize: '0.95rem', color: 'text.primary', lineHeight: 1.35, overflowWrap: 'anywhere' }}>
        {m.unitPrice(item.productName)}
      </FormLabel>
      {listPrice !== undefined && (
        <Typography id={listId} variant="body2" color="text.secondary" data-testid="list-price">
          {m.listPriceEach(formatPrice(listPrice))}
        </Typography>
      )}
      <FormTextField
        id={id}
        control={control}
        name={`prices.${index}.value`}
        rules={{ validate: validateUnitPrice }}
        helperText={m.pcs(item.quantity)}
        required
        fullWidth
        slotProps={{
          htmlInput: { inputMode: 'decimal', ...(listPrice !== undefined && { 'aria-describedby': `${listId} ${id}-helper-text` }) },
        }}
        sx={fieldSx}
      />
    </Box>
  );
}

/** Dollars as the unit price field takes them: `1850.25`, `650`. */
function priceText(dollars: number | undefined): string {
  return dollars === undefined ? '' : String(Number(dollars.toFixed(2)));
}

/** The form's start: empty for a request; the prices, day and note sent, for a re-price (a day gone becomes the default). */
function initialValues(quote: Quote, revising: boolean): PriceFormValues {
  if (!revising) return { prices: quote.items.map(() => ({ value: '' })), validUntil: dayAfter(DEFAULT_VALIDITY_DAYS), note: '', freight: '' };
  const validUntil = quote.validUntil && quote.validUntil >= todayUTC() ? quote.validUntil : dayAfter(DEFAULT_VALIDITY_DAYS);
  return { prices: quote.items.map((item) => ({ value: priceText(item.unitPrice) })), validUntil, note: quote.note ?? '', freight: priceText(quote.freight) };
}

interface PriceQuoteFormProps {
  quote: Quote;
  /** Re-pricing a quote sent already: its prices to start from, a Cancel, and "revised" wording. */
  revising: boolean;
  /** A pricing is being sent: the page keeps this form open until `onDone`, even if the quote turns `quoted` (another admin's pricing). */
  onSending: () => void;
  /** Sent, or (revising) cancelled. */
  onDone: () => void;
}

/** A price as compared: a number's text (`1850.25`, `650`), or what was typed. */
const samePrice = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? text.trim() : String(Number(text)));

/**
 * The fields another pricing changed since `base` (the quote the form started from), where the form's value is
 * not already the new one: each needs the admin's choice.
 */
function pricingConflict(base: Quote, now: Quote, values: PriceFormValues): ConflictField[] {
  const fields: ConflictField[] = [];
  now.items.forEach((item, i) => {
    const before = samePrice(priceText(base.items[i]?.unitPrice));
    const after = samePrice(priceText(item.unitPrice));
    const mine = samePrice(values.prices[i]?.value ?? '');
    if (before !== after && mine !== after) {
      fields.push({ key: `price-${i}`, label: m.unitPrice(item.productName), mine: mine && formatPrice(Number(mine)), theirs: formatPrice(item.unitPrice ?? 0) });
    }
  });
  if ((base.validUntil ?? '') !== (now.validUntil ?? '') && values.validUntil !== (now.validUntil ?? '')) {
    fields.push({ key: 'validUntil', label: m.validUntilField, mine: values.validUntil, theirs: now.validUntil ?? '' });
  }
  const [before, after, mine] = [samePrice(priceText(base.freight)), samePrice(priceText(now.freight)), samePrice(values.freight)];
  if (before !== after && mine !== after) {
    fields.push({ key: 'freight', label: m.freightField, mine: mine && formatPrice(Number(mine)), theirs: after && formatPrice(Number(after)) });
  }
  if ((base.note ?? '') !== (now.note ?? '') && values.note.trim() !== (now.note ?? '')) {
    fields.push({ key: 'note', label: m.noteField, mine: values.note.trim(), theirs: now.note ?? '' });
  }
  return fields;
}

/**
 * The admin's answer to a request (or its revision): a unit price per item (its list price beside it), how long it
 * holds, and a note. Each pricing names the revision its values were based on: when another admin priced the quote
 * meanwhile (409), the form shows each value they changed beside this admin's, and sends again (from the new
 * revision) only once the admin has kept theirs or taken the saved one for every field.
 */
function PriceQuoteForm({ quote, revising, onSending, onDone }: PriceQuoteFormProps) {
  const priceQuote = usePriceQuote();
  const toast = useToast();
  const {
    control,
    handleSubmit,
    setValue,
    getValues,
    formState: { isSubmitting },
  } = useForm<PriceFormValues>({
    mode: 'onTouched',
    defaultValues: initialValues(quote, revising),
  });
  const formId = `price-${quote._id}`;
  const listPrices = useListPrices(quote);
  // The quote the form's values are based on (its revision is sent), and a refused pricing waiting for the new one.
  const [base, setBase] = useState(quote);
  const [awaiting, setAwaiting] = useState(false);
  const [conflict, setConflict] = useState<{ fields: ConflictField[]; mine: PriceFormValues; saved: PriceFormValues } | null>(null);
  const [choices, setChoices] = useState<Record<string, ConflictChoice | undefined>>({});
  const [chooseError, setChooseError] = useState('');
  const [notice, setNotice] = useState('');

  // The list reads the quotes again after a refused pricing: the new revision arrives as `quote` (state
  // adjusted while rendering, as React advises for a prop that changes).
  if (awaiting && (quote.revision ?? 0) !== (base.revision ?? 0)) {
    const values = getValues();
    const fields = pricingConflict(base, quote, values);
    setAwaiting(false);
    setBase(quote);
    setChoices({});
    setChooseError('');
    setConflict(fields.length === 0 ? null : { fields, mine: values, saved: initialValues(quote, true) });
    setNotice(fields.length === 0 ? formMessages.conflict.onlyVersion : '');
  }

  const choose = (key: string, choice: ConflictChoice) => {
    if (!conflict) return;
    setChoices((current) => ({ ...current, [key]: choice }));
    setChooseError('');
    const from = choice === 'mine' ? conflict.mine : conflict.saved;
    if (key.startsWith('price-')) {
      const i = Number(key.slice('price-'.length));
      setValue(`prices.${i}.value`, from.prices[i]?.value ?? '', { shouldValidate: true });
    } else if (key === 'validUntil' || key === 'note' || key === 'freight') {
      setValue(key, from[key], { shouldValidate: true });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    if (awaiting) return;
    if (conflict && conflict.fields.some((field) => choices[field.key] === undefined)) {
      setChooseError(formMessages.conflict.chooseEach);
      return;
    }
    setNotice('');
    onSending();
    const note = values.note.trim();
    const freight = values.freight.trim();
    try {
      await priceQuote.mutateAsync({
        id: quote._id,
        items: quote.items.map((item, i) => ({ productId: item.productId, unitPrice: Number(values.prices[i]?.value) })),
        validUntil: values.validUntil,
        ...(note && { note }),
        ...(freight !== '' && { freight: Number(freight) }),
        revision: base.revision ?? 0,
      });
      toast.success(revising ? m.revisedToast : m.sentToast);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'conflict' && error.detail === m.pricedMeanwhile) {
        setAwaiting(true);
        return;
      }
      toast.error(withReason(m.sendFailed, error));
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${formId}-title`}
      sx={{ display: 'grid', gap: 2, p: { xs: 1.5, sm: 2 }, borderRadius: 1.5, bgcolor: 'background.default' }}
    >
      <Typography id={`${formId}-title`} component="h3" sx={{ fontWeight: 800 }}>
        {revising ? m.repriceTitle : m.priceTitle}
      </Typography>
      {revising && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {m.repriceHelp}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, alignItems: 'end', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {quote.items.map((item, i) => (
          <UnitPriceField key={item.productId} id={`${formId}-item-${i}`} control={control} index={i} item={item} listPrice={listPrices.get(item.productId)} />
        ))}
        <FormTextField
          control={control}
          name="validUntil"
          rules={{ validate: (value) => validateValidUntil(value) }}
          label={m.validUntilField}
          type="date"
          required
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayUTC() } }}
          sx={fieldSx}
        />
        <FormTextField
          control={control}
          name="freight"
          rules={{ validate: validateFreight }}
          label={m.freightField}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'quote-freight-input' } }}
          sx={fieldSx}
        />
      </Box>
      <FormTextField
        control={control}
        name="note"
        rules={{ validate: validateNote }}
        label={m.noteField}
        fullWidth
        multiline
        minRows={2}
        sx={fieldSx}
      />
      {conflict && <ConflictChoices fields={conflict.fields} choices={choices} onChoose={choose} error={chooseError} />}
      {notice && <ErrorMessage>{notice}</ErrorMessage>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SendOutlinedIcon />}
          loading={isSubmitting}
          loadingPosition="start"
          aria-label={revising ? m.sendRevisedLabel(quote.number) : m.sendLabel(quote.number)}
        >
          {revising ? m.sendRevised : m.send}
        </Button>
        {revising && (
          <Button variant="text" color="secondary" onClick={onDone} disabled={isSubmitting}>
            {m.repriceCancel}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** Quotes (admin): every request; price the new ones, re-price the sent ones, decline any still open. */
export function ManageQuotes() {
  const paging = usePaging(QUOTES_PAGE_SIZE);
  const quotes = useQuotes(paging.params);
  const decline = useConfirmedDecline();
  // The quotes whose price form stays open: a sent quote being revised, or a pricing being sent.
  const [pricing, setPricing] = useState<ReadonlySet<string>>(new Set());
  const keep = (id: string, open: boolean) =>
    setPricing((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <PagedQuery query={quotes} paging={paging} loadFailed={m.loadFailed} empty={m.emptyAll}>
      {({ items, total }) => (
        <PagedList count={m.count(total)} label={m.listLabel} total={total} page={paging.page} pageSize={paging.pageSize} onPageChange={paging.setPage}>
          {items.map((quote) => {
            const open = quote.status === 'requested' || (quote.status === 'quoted' && !isExpired(quote));
            const repricing = quote.status === 'quoted' && pricing.has(quote._id);
            return (
              <li key={quote._id}>
                <QuoteCard quote={quote} showCustomer>
                  {/* One form per quote, kept while another admin's pricing turns a request into a revision (a conflict). */}
                  {(quote.status === 'requested' || repricing) && (
                    <PriceQuoteForm
                      key={quote._id}
                      quote={quote}
                      revising={quote.status === 'quoted'}
                      onSending={() => keep(quote._id, true)}
                      onDone={() => keep(quote._id, false)}
                    />
                  )}
                  {(open || quote.status === 'quoted') && !repricing && (
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                      {quote.status === 'quoted' && (
                        <Button variant="outlined" color="secondary" startIcon={<EditOutlinedIcon />} onClick={() => keep(quote._id, true)} aria-label={m.repriceLabel(quote.number)}>
                          {m.reprice}
                        </Button>
                      )}
                      {open && (
                        <Button
                          variant="outlined"
                          color="error"
                          startIcon={<DoNotDisturbAltIcon />}
                          loading={decline.isRunning(quote._id)}
                          loadingPosition="start"
                          onClick={() => decline.run(quote._id)}
                          aria-label={m.declineLabel(quote.number)}
                        >
                          {m.decline}
                        </Button>
                      )}
                    </Box>
                  )}
                </QuoteCard>
              </li>
            );
          })}
        </PagedList>
      )}
    </PagedQuery>
  );
}
