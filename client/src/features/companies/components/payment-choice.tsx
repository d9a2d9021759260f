import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { termsMessages } from '@/config/terms-messages';
import type { Company } from '@/types/api';
import { formatPrice } from '@/utils/format';

const m = termsMessages.checkout;

export type Payment = 'card' | 'account';

/** A member's choice at checkout when their company has payment terms (issue 45): by card, or on account (Net N). */
export function PaymentChoice({ company, value, onChange }: { company: Company; value: Payment; onChange: (p: Payment) => void }) {
  const left = Math.max(0, (company.creditLimit ?? 0) - (company.committed ?? 0));
  return (
    <FormControl component="fieldset" data-testid="payment-choice">
      <FormLabel component="legend" sx={{ fontWeight: 700 }}>
        {m.legend}
      </FormLabel>
      <RadioGroup value={value} onChange={(e) => onChange(e.target.value as Payment)}>
        <FormControlLabel value="card" control={<Radio />} label={m.card} />
        <FormControlLabel value="account" control={<Radio />} label={m.account(company.termsDays ?? 0)} />
      </RadioGroup>
      {value === 'account' && <FormHelperText>{m.accountHint(company.name, formatPrice(left))}</FormHelperText>}
    </FormControl>
  );
}
