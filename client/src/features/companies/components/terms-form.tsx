import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { termsMessages } from '@/config/terms-messages';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import type { Company } from '@/types/api';
import { formatPrice } from '@/utils/format';
import { useUpdateCompany } from '../api/company-changes';

const m = termsMessages.terms;
const TERMS = [0, 15, 30, 60] as const;
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** An admin's form of a company's payment terms and credit limit (PATCH /companies/{id}, audited). */
export function TermsForm({ company }: { company: Company }) {
  const toast = useToast();
  const update = useUpdateCompany();
  const [termsDays, setTermsDays] = useState<number>(company.termsDays ?? 0);
  const [limit, setLimit] = useState(String(company.creditLimit ?? 0));
  const [error, setError] = useState<string | undefined>();
  const id = `terms-${company._id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!AMOUNT.test(limit.trim())) {
      setError(m.limitInvalid);
      return;
    }
    setError(undefined);
    update.mutate(
      { id: company._id, termsDays: termsDays as 0 | 15 | 30 | 60, creditLimit: Number(limit.trim()) },
      { onSuccess: () => toast.success(m.saved(company.name)), onError: (e) => toast.error(withReason(m.failed, e)) },
    );
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} sx={{ display: 'grid', gap: 1.5, pt: 1 }}>
      <Typography id={`${id}-title`} variant="subtitle1" component="h3" sx={{ fontWeight: 800 }}>
        {m.title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <TextField select label={m.termsDays} value={termsDays} onChange={(e) => setTermsDays(Number(e.target.value))} size="small" sx={{ minWidth: 160 }}>
          {TERMS.map((t) => (
            <MenuItem key={t} value={t}>
              {t === 0 ? m.cardOnly : m.net(t)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={m.creditLimit}
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          error={!!error}
          helperText={error}
          size="small"
          sx={{ maxWidth: 200 }}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      {(company.committed ?? 0) > 0 && <Typography color="text.secondary">{m.inUse(formatPrice(company.committed ?? 0))}</Typography>}
      <Box>
        <Button type="submit" variant="outlined" color="secondary" loading={update.isPending}>
          {m.save}
        </Button>
      </Box>
    </Box>
  );
}
