import AddLocationAltOutlinedIcon from '@mui/icons-material/AddLocationAltOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import { addressMessages as m } from '@/config/address-messages';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { validateMobile } from '@/utils/delivery';
import { useAddAddress, useUpdateAddress, type Address } from '../api/addresses';

/** The server's limits (shop.MaxAddress*Len). */
const LIMITS = { label: 40, name: 100, company: 150, line1: 120, line2: 120, city: 80, postcode: 20 } as const;

type TextField = 'label' | 'name' | 'company' | 'line1' | 'line2' | 'city' | 'postcode' | 'country' | 'phone';
export type AddressValues = Record<TextField, string> & { isDefault: boolean };

const REQUIRED: readonly TextField[] = ['name', 'line1', 'city', 'country', 'phone'];

function rule(field: TextField) {
  return (value: string) => {
    const text = value.trim();
    if (REQUIRED.includes(field) && text === '') return m.required(m.fields[field]);
    if (field === 'country') return /^[A-Za-z]{2}$/.test(text) || m.countryInvalid;
    if (field === 'phone') return validateMobile(text) === true || m.phoneInvalid;
    const max = (LIMITS as Partial<Record<TextField, number>>)[field];
    return max === undefined || [...text].length <= max || m.tooLong(max);
  };
}

const EMPTY: AddressValues = { label: '', name: '', company: '', line1: '', line2: '', city: '', postcode: '', country: '', phone: '', isDefault: false };

/** Add an address, or edit one (`address`): each field with the server's rules; a 400's field errors show under the fields. */
export function AddressFormDialog({ open, onClose, address, companyId }: { open: boolean; onClose: () => void; address?: Address; companyId?: string }) {
  const toast = useToast();
  const add = useAddAddress({ companyId });
  const update = useUpdateAddress({ companyId });
  const values: AddressValues = address ? { ...EMPTY, ...address } : EMPTY;
  const { control, handleSubmit, setError, reset, formState: { isSubmitting } } = useForm<AddressValues>({ mode: 'onTouched', values });

  const close = () => {
    reset();
    onClose();
  };
  const onSubmit = handleSubmit(async (v) => {
    const body = {
      label: v.label.trim(), name: v.name.trim(), company: v.company.trim(), line1: v.line1.trim(), line2: v.line2.trim(), city: v.city.trim(),
      postcode: v.postcode.trim(), country: v.country.trim().toUpperCase(), phone: v.phone.trim(), isDefault: v.isDefault,
    };
    try {
      if (address) await update.mutateAsync({ id: address._id, ...body });
      else await add.mutateAsync(body);
      toast.success(m.saved);
      close();
    } catch (error) {
      showFieldErrors(error, Object.keys(EMPTY) as (keyof AddressValues)[], setError);
      toast.error(withReason(m.saveFailed, error));
    }
  });

  const field = (name: TextField, extra: object = {}) => (
    <FormTextField control={control} name={name} rules={{ validate: rule(name) }} label={m.fields[name]} required={REQUIRED.includes(name)} fullWidth {...extra} />
  );
  return (
    <FormDialog
      open={open}
      onClose={close}
      onSubmit={onSubmit}
      title={address ? m.editTitle : m.addTitle}
      busy={isSubmitting}
      cancelLabel={m.cancel}
      submitLabel={m.save}
      submitIcon={<AddLocationAltOutlinedIcon />}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        {field('label')}
        {field('name', { autoComplete: 'name' })}
        {field('company', { autoComplete: 'organization' })}
        {field('phone', { type: 'tel', autoComplete: 'tel' })}
        {field('line1', { autoComplete: 'address-line1' })}
        {field('line2', { autoComplete: 'address-line2' })}
        {field('city', { autoComplete: 'address-level2' })}
        {field('postcode', { autoComplete: 'postal-code' })}
        {field('country', { autoComplete: 'country', slotProps: { htmlInput: { maxLength: 2 } } })}
      </Box>
      <Controller
        control={control}
        name="isDefault"
        render={({ field: f }) => (
          <FormControlLabel control={<Checkbox checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />} label={m.fields.isDefault} />
        )}
      />
    </FormDialog>
  );
}
