import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues, N extends FieldPath<T>> = UseControllerProps<T, N> &
  Omit<TextFieldProps, 'name' | 'defaultValue' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'>;

/**
 * The app's one form field: an MUI TextField bound to react-hook-form, with the
 * field's error message under it (linked to the input for screen readers).
 */
export function FormTextField<T extends FieldValues, N extends FieldPath<T>>({
  name,
  control,
  rules,
  shouldUnregister,
  helperText,
  ...props
}: FormTextFieldProps<T, N>) {
  const { field, fieldState } = useController({ name, control, rules, shouldUnregister });
  const message = fieldState.error?.message;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={props.disabled || field.disabled}
      error={Boolean(message)}
      helperText={message ?? helperText}
    />
  );
}
