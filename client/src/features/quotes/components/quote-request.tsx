import Box from '@mui/material/Box';
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
import { useRequestQuote } from '../api/request-quote';
import { clearQuoteList, removeFromQuoteList, setQuoteQuantity, useQuoteList, type QuoteListItem } from '../utils/quote-list';
import { validateCompany, validateMessage, validateQuoteQuantity, type QuoteFormValues } from '../utils/quote-request-rules';
import { EmptyQuoteList } from './empty-quote-list';
import { QuoteItemRow } from './quote-item-row';
import { QuoteSent } from './quote-sent';

const m = serviceMessages.quoteList;

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
          return (
            <QuoteItemRow
              key={field.id}
              item={item}
              index={index}
              control={control}
              quantity={watched?.[index]?.quantity}
              onRemove={() => {
                remove(index);
                removeFromQuoteList(item.productId);
              }}
            />
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
