import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { addressMessages as m } from '@/config/address-messages';
import { paths } from '@/config/paths';
import { addressText, useAddresses, type Address } from '../api/addresses';
import { addressLabel } from './address-book';

/**
 * Which saved address a purchase ships to (issue 49): the default one until the buyer picks another, or
 * none ('') to type the address and mobile in. `addressId` goes in the body instead of them. A member of an
 * approved company (`company`) may also pick one of the company's addresses (issue 45), listed after their own.
 */
export function useAddressChoice(company?: { _id: string; name: string }) {
  const addresses = useAddresses();
  const shared = useAddresses(company !== undefined, { companyId: company?._id });
  const [chosen, setChosen] = useState<string | null>(null);
  const own = addresses.data ?? [];
  const theirs = company ? (shared.data ?? []).map((a, i) => ({ ...a, label: m.companyAddress(company.name, addressLabel(a, i)), isDefault: false })) : [];
  const list = [...own, ...theirs];
  const known = chosen !== null && (chosen === '' || list.some((a) => a._id === chosen));
  const addressId = known ? chosen : (own.find((a) => a.isDefault)?._id ?? shared.data?.find((a) => a.isDefault)?._id ?? '');
  return { list, addressId, setAddressId: setChosen };
}

/** The saved addresses as choices, and "Another address"; nothing when the book is empty. */
export function AddressChoice({ list, value, onChange, disabled }: { list: readonly Address[]; value: string; onChange: (id: string) => void; disabled?: boolean }) {
  const labelId = useId();
  if (list.length === 0) return null;
  return (
    <FormControl disabled={disabled} data-testid="address-choice">
      <FormLabel id={labelId} sx={{ fontWeight: 700, color: 'text.primary' }}>
        {m.choose}
      </FormLabel>
      <RadioGroup aria-labelledby={labelId} value={value} onChange={(e) => onChange(e.target.value)}>
        {list.map((a, i) => (
          <FormControlLabel key={a._id} value={a._id} control={<Radio />} label={`${addressLabel(a, i)}: ${addressText(a)}`} sx={{ overflowWrap: 'anywhere' }} />
        ))}
        <FormControlLabel value="" control={<Radio />} label={m.typeAnother} />
      </RadioGroup>
      <Link component={RouterLink} to={`${paths.dashboard.account}#addresses`} variant="body2" sx={{ fontWeight: 700, color: 'info.main', justifySelf: 'start' }}>
        {m.manage}
      </Link>
    </FormControl>
  );
}
