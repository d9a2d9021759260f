import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ChangeEvent } from 'react';
import { useController, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';

/** One change the user made to a text field: typing, pasting, deleting. */
export interface FieldEdit {
  /** The field's text after the change, as the browser made it. */
  value: string;
  /** The caret's position in `value`. */
  caret: number;
  /** The text before the change. */
  previous: string;
  /** Backspace-like ('backward') or Delete-like ('forward') deletion; null for typing and pasting. */
  deletion: 'backward' | 'forward' | null;
}

/** What a formatted field shows after an edit, and where its caret goes. */
export interface FormattedField {
  value: string;
  caret: number;
}

type FormTextFieldProps<T extends FieldValues, N extends FieldPath<T>> = UseControllerProps<T, N> &
  Omit<TextFieldProps, 'name' | 'defaultValue' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> & {
    /** Formats the text as it is typed (e.g. a card number in groups); the form holds the formatted text. */
    format?: (edit: FieldEdit) => FormattedField;
  };

function deletionOf(event: ChangeEvent<HTMLInputElement>, value: string, previous: string): FieldEdit['deletion'] {
  const inputType = (event.nativeEvent as Partial<InputEvent>).inputType;
  if (typeof inputType === 'string' && inputType !== '') {
    if (!inputType.startsWith('delete')) return null;
    return inputType.endsWith('Forward') ? 'forward' : 'backward';
  }
  return value.length < previous.length ? 'backward' : null;
}

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
  format,
  ...props
}: FormTextFieldProps<T, N>) {
  const { field, fieldState } = useController({ name, control, rules, shouldUnregister });
  const message = fieldState.error?.message;

  const onChange = format
    ? (event: ChangeEvent<HTMLInputElement>) => {
        const input = event.target;
        const previous = String(field.value ?? '');
        const value = input.value;
        const edit: FieldEdit = { value, caret: input.selectionStart ?? value.length, previous, deletion: deletionOf(event, value, previous) };
        const next = format(edit);
        // Written to the element here, so React finds it up to date and
        // leaves the caret where the formatter put it (not at the end).
        if (input.value !== next.value) input.value = next.value;
        if (input.ownerDocument.activeElement === input) input.setSelectionRange(next.caret, next.caret);
        field.onChange(next.value);
      }
    : field.onChange;

  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={props.disabled || field.disabled}
      error={Boolean(message)}
      helperText={message ?? helperText}
    />
  );
}
