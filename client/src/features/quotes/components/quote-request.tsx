import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { FormActions } from '@/components/form/form-actions';
import { FormCard } from '@/components/form/form-card';
import { FormTextField } from '@/components/form/form-text-field';
import { ReadOnlyField } from '@/components/form/read-only-field';
import { ButtonLink } from '@/components/ui/button-link';
import { formMessages } from '@/config/form-messages';
import { paths } from '@/config/paths';
import { serviceMessages } from '@/config/service-messages';
import { useSession } from '@/lib/auth';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { formatPrice } from '@/utils/format';
import { useRequestQuote } from '../api/request-quote';
import { clearQuoteList, removeFromQuoteList, setQuoteQuantity, useQuoteList, type QuoteListItem } from '../utils/quote-list';

const m = serviceMessages.quoteList;

export const MAX_QUOTE_MESSAGE_CHARS = 2000;
export const MAX_COMPANY_CHARS = 150;
export const MAX_QUOTE_QUANTITY = 1_000_000;

interface QuoteFormValues {
  items: { productId: string; quantity: string }[];
  message: string;
  company: string;
}

/** Whole pieces, at least 1: a quote may ask for fewer than the minimum or more than the stock. */
export function validateQuoteQuantity(value: string): string | true {
  const text = value.trim();
  if (text === '') return m.quantityRequired;
  if (!/^\d+$/.test(text)) return m.quantityWhole;
  const n = Number(text);
  if (n < 1) return m.quantityPositive;
  return n <= MAX_QUOTE_QUANTITY || m.quantityTooLarge(MAX_QUOTE_QUANTITY);
}

function validateMessage(value: string): string | true {
  const text = value.trim();
  if (text === '') return m.messageRequired;
  return [...text].length <= MAX_QUOTE_MESSAGE_CHARS || m.messageTooLong(MAX_QUOTE_MESSAGE_CHARS);
}

function validateCompany(value: string): string | true {
  return [...value.trim()].length <= MAX_COMPANY_CHARS || m.companyTooLong(MAX_COMPANY_CHARS);
}

/** What a valid quantity means for this product: below its minimum, or above its stock, are allowed and said. */
function quantityNote(item: QuoteListItem, value: string | undefined): string {
  const lines = [m.quantityHint(item.minimumquantity, item.avaialbequantit)];
  const n = /^\d+$/.test((value ?? '').trim()) ? Number(value) : NaN;
  if (n >= 1 && n < item.minimumquantity) lines.push(m.belowMinimum(item.minimumquantity));
  if (n > item.avaialbequantit) lines.push(m.aboveStock(item.avaialbequantit));
  return lines.join(' ');
}

function EmptyQuoteList() {
  return (
    <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <Typography sx={{ fontWeight: 700 }}>{m.empty}</Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {m.emptyHint}
      </Typography>
      <ButtonLink to={paths.products} tone="primary" style={{ marginTop: 16 }}>
        {m.browseProducts}
      </ButtonLink>
    </Box>
  );
}

function QuoteSent({ number }: { number: number }) {
  return (
    <Box
      role="status"
      data-testid="quote-sent"
      sx={{
        display: 'grid',
        gap: 1.5,
        p: { xs: 2.5, sm: 3 },
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderLeft: '6px solid',
        borderLeftColor: 'success.main',
        borderRadius: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
        <CheckCircleOutlineIcon aria-hidden="true" sx={{ color: 'success.main', mt: 0.25 }} />
        <Box>
          <Typography sx={{ fontWeight: 800 }}>{m.sentTitle(number)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {m.sentText}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <ButtonLink to={paths.dashboard.myQuotes} tone="secondary" size="small">
          {m.viewMyQuotes}
        </ButtonLink>
        <ButtonLink to={paths.products} tone="outlined" size="small">
          {m.browseProducts}
        </ButtonLink>
      </Box>
    </Box>
  );
}

/**
 * /quote: the quote list with a quantity per product, then a message and an
 * optional company, sent as one quote request (POST /quotes).
 */
export function QuoteRequest() {
  const list = useQuoteList();
  const [sent, setSent] = useState<{ number: number } | null>(null);
  if (sent) return <QuoteSent number={sent.number} />;
  if (list.length === 0) return <EmptyQuoteList />;
  return <QuoteRequestForm list={list} onSent={setSent} />;
}

function QuoteRequestForm({ list, onSent }: { list: QuoteListItem[]; onSent: (sent: { number: number }) => void }) {
  const { user } = useSession();
  const toast = useToast();
  const requestQuote = useRequestQuote();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<QuoteFormValues>({
    mode: 'onTouched',
    defaultValues: {
      items: list.map((item) => ({ productId: item.productId, quantity: String(item.quantity) })),
      message: '',
      company: '',
    },
  });
  const { fields, remove } = useFieldArray({ control, name: 'items' });
  const watched = useWatch({ control, name: 'items' });
  const byId = new Map(list.map((item) => [item.productId, item]));

  // Keeps the list's quantities as typed, so that leaving the page loses nothing.
  useEffect(() => {
    for (const { productId, quantity } of watched ?? []) {
      if (validateQuoteQuantity(quantity) === true && byId.get(productId)?.quantity !== Number(quantity)) {
        setQuoteQuantity(productId, Number(quantity));
      }
    }
  });

  const onSubmit = handleSubmit(async (values) => {
    const company = values.company.trim();
    try {
      const result = await requestQuote.mutateAsync({
        items: values.items.map((item) => ({ productId: item.productId, quantity: Number(item.quantity) })),
        message: values.message.trim(),
        ...(company && { company }),
      });
      clearQuoteList();
      toast.success(m.sent);
      onSent({ number: result.number ?? 0 });
    } catch (error) {
      showFieldErrors(error, { message: 'message', company: 'company' }, setError, (field, problem) =>
        formMessages.forms.fieldProblem(field === 'company' ? m.company : m.message, problem),
      );
      toast.error(withReason(m.failed, error));
    }
  });

  return (
    <FormCard onSubmit={onSubmit} aria-label={m.title} sx={{ gap: 2.5, p: { xs: 2, sm: 4 } }}>
      <Box component="ul" aria-label={m.itemsLabel} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
        {fields.map((field, index) => {
          const item = byId.get(field.productId);
          if (!item) return null;
          const nameId = `quote-item-${item.productId}`;
          return (
            <Box
              component="li"
              key={field.id}
              data-testid="quote-item"
              aria-labelledby={nameId}
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'start',
                gridTemplateColumns: { xs: '64px minmax(0, 1fr) auto', sm: '80px minmax(0, 1fr) 220px auto' },
                pb: 2,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box
                component="img"
                src={item.image}
                alt=""
                width={80}
                height={60}
                sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1, bgcolor: 'background.default' }}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography id={nameId} sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
                  {item.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {m.listPrice(formatPrice(item.price))}
                </Typography>
              </Box>
              <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
                <FormTextField
                  control={control}
                  name={`items.${index}.quantity`}
                  rules={{ validate: validateQuoteQuantity }}
                  label={m.quantity}
                  required
                  fullWidth
                  size="small"
                  helperText={quantityNote(item, watched?.[index]?.quantity)}
                  slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': m.quantityLabel(item.name) } }}
                />
              </Box>
              <IconButton
                aria-label={m.removeLabel(item.name)}
                onClick={() => {
                  remove(index);
                  removeFromQuoteList(item.productId);
                }}
                sx={{ gridColumn: { xs: 3, sm: 'auto' }, gridRow: { xs: 1, sm: 'auto' } }}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      <Box>
        <ButtonLink to={paths.products} tone="outlined" size="small">
          {m.addMore}
        </ButtonLink>
      </Box>
      <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <ReadOnlyField label={m.name} value={user?.name ?? ''} />
        <ReadOnlyField label={m.email} value={user?.email ?? ''} type="email" />
      </Box>
      <FormTextField
        control={control}
        name="company"
        rules={{ validate: validateCompany }}
        label={m.company}
        fullWidth
        autoComplete="organization"
      />
      <FormTextField
        control={control}
        name="message"
        rules={{ validate: validateMessage }}
        label={m.message}
        required
        fullWidth
        multiline
        minRows={4}
        helperText={m.messageHint}
      />
      <FormActions submitLabel={m.submit} submitIcon={<SendOutlinedIcon />} submitting={isSubmitting} />
    </FormCard>
  );
}
