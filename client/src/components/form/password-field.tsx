import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useState, type ComponentProps } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { authMessages } from '@/config/auth-messages';
import { FormTextField } from './form-text-field';

/** FormTextField for a password, with a button that shows what was typed. */
export function PasswordField<T extends FieldValues, N extends FieldPath<T>>(props: ComponentProps<typeof FormTextField<T, N>>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={authMessages.showPassword}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
                onMouseDown={(e) => e.preventDefault()}
              >
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
