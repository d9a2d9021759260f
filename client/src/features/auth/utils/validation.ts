import { messages } from '@/config/messages';
import { isEmail } from '@/utils/email';

/** The server's rules; the server checks again. */
const MIN_PASSWORD_LENGTH = 6;

export function validateName(value: string): string | true {
  return value.trim() !== '' || messages.auth.nameRequired;
}

export function validateEmail(value: string): string | true {
  const email = value.trim();
  if (email === '') return messages.auth.emailRequired;
  return isEmail(email) || messages.auth.emailInvalid;
}

export function validatePassword(value: string): string | true {
  if (value === '') return messages.auth.passwordRequired;
  return [...value].length >= MIN_PASSWORD_LENGTH || messages.auth.passwordTooShort;
}

/** Shared by every form (lib/form-errors.ts). */
export { showFieldErrors } from '@/lib/form-errors';
