import { contentMessages } from '@/config/content-messages';
import { isEmail } from '@/utils/email';

/** The server's rules (shop.MessageDraft.Validate); the server checks again. */
export const MAX_SUBJECT_LENGTH = 150;
export const MAX_MESSAGE_LENGTH = 5000;

const m = contentMessages.contact;

/** Characters as the server counts them (code points, after trimming). */
export function length(value: string): number {
  return [...value.trim()].length;
}

export function validateEmail(value: string): string | true {
  const email = value.trim();
  if (email === '') return m.emailRequired;
  return isEmail(email) || m.emailInvalid;
}

export function validateSubject(value: string): string | true {
  if (value.trim() === '') return m.subjectRequired;
  return length(value) <= MAX_SUBJECT_LENGTH || m.tooLong(m.subject, MAX_SUBJECT_LENGTH);
}

export function validateMessage(value: string): string | true {
  if (value.trim() === '') return m.messageRequired;
  return length(value) <= MAX_MESSAGE_LENGTH || m.tooLong(m.message, MAX_MESSAGE_LENGTH);
}
