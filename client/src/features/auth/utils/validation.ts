import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { messages } from '@/config/messages';
import { ApiError } from '@/lib/api-client';

/** The server's rule (shop.IsEmail's pattern); the server checks again. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD_LENGTH = 6;

export function validateName(value: string): string | true {
  return value.trim() !== '' || messages.auth.nameRequired;
}

export function validateEmail(value: string): string | true {
  const email = value.trim();
  if (email === '') return messages.auth.emailRequired;
  return EMAIL_PATTERN.test(email) || messages.auth.emailInvalid;
}

export function validatePassword(value: string): string | true {
  if (value === '') return messages.auth.passwordRequired;
  return [...value].length >= MIN_PASSWORD_LENGTH || messages.auth.passwordTooShort;
}

/** Puts the server's per-field messages (a 400's `errors`) under the form's own fields. */
export function showFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>) {
  if (!(error instanceof ApiError)) return;
  for (const field of fields) {
    const message = error.errors[field];
    if (message) setError(field, { type: 'server', message }, { shouldFocus: false });
  }
}
