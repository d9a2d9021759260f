import TextField from '@mui/material/TextField';
import { formMessages } from '@/config/form-messages';

/** A value the form shows but does not send (the account's name or email: the server takes them from the token). */
export function ReadOnlyField({ label, value, type }: { label: string; value: string; type?: string }) {
  return (
    <TextField
      label={label}
      value={value}
      type={type}
      fullWidth
      helperText={formMessages.forms.fromAccount}
      slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
      sx={{ '& .MuiInputBase-root': { bgcolor: 'background.default' } }}
    />
  );
}
