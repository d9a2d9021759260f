import { authMessages } from '@/config/auth-messages';
import { isEmail } from '@/utils/email';

/** The server's rules; the server checks again. */
const MIN_PASSWORD_LENGTH = 6;

export function validateName(value: string): string | true {
  return value.trim() !== '' || authMessages.nameRequired;
}

export function validateEmail(value: string): string | true {
  const email = value.trim();
  if (email === '') return authMessages.emailRequired;
  return isEmail(email) || authMessages.emailInvalid;
}

export function validatePassword(value: string): string | true {
  if (value === '') return authMessages.passwordRequired;
  return [...value].length >= MIN_PASSWORD_LENGTH || authMessages.passwordTooShort;
}

/** Shared by every form (lib/form-errors.ts). */
export { showFieldErrors } from '@/lib/form-errors';
