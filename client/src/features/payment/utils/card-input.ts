import type { FieldEdit, FormattedField } from '@/components/form/form-text-field';

/**
 * As-you-type formatting of the test-mode card form: the number in groups,
 * the expiry as MM/YY, the CVC as 3–4 digits. Each formatter takes the edit
 * the browser made (new value, caret, previous value, whether it deleted) and
 * answers the value to show and where the caret goes, counting digits so the
 * caret stays beside the digit it was beside, wherever separators move.
 */

const CARD_MAX_DIGITS = 19;
const AMEX_DIGITS = 15;
const CVC_MAX_DIGITS = 4;

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** American Express numbers (34…, 37…) are printed 4-6-5; every other card in fours. */
function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits);
}

/** "4242424242424242" → "4242 4242 4242 4242"; "378282246310005" → "3782 822463 10005". */
export function groupCardNumber(digits: string): string {
  if (isAmex(digits)) return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, AMEX_DIGITS)].filter(Boolean).join(' ');
  return digits.slice(0, CARD_MAX_DIGITS).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The position just after the `n`th digit of `formatted` (0 for none). */
function caretAfterDigits(formatted: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (isDigit(formatted[i]) && ++seen === n) return i + 1;
  }
  return formatted.length;
}

/**
 * A Backspace (or Delete) that removed only a separator the formatter puts
 * straight back (a space between groups, the slash inside "12/30") would seem
 * dead. Then the digit beyond the separator goes instead, as in Stripe's own
 * field. A separator the formatter does not put back (the slash of "12/")
 * simply goes.
 */
function deleteOverSeparator(edit: FieldEdit): { value: string; caret: number } | null {
  const { value, caret, previous, deletion } = edit;
  if (!deletion || previous.length - value.length !== 1 || digitsOf(value) !== digitsOf(previous)) return null;
  if (deletion === 'backward') {
    for (let i = caret - 1; i >= 0; i--) {
      if (isDigit(previous[i])) return { value: previous.slice(0, i) + previous.slice(i + 1), caret: i };
    }
  } else {
    for (let i = caret + 1; i < previous.length; i++) {
      if (isDigit(previous[i])) return { value: previous.slice(0, i) + previous.slice(i + 1), caret };
    }
  }
  return null;
}

type Format = (value: string, caret: number, typing: boolean) => FormattedField;

function formatEdit(edit: FieldEdit, format: Format): FormattedField {
  const typing = !edit.deletion;
  const result = format(edit.value, edit.caret, typing);
  if (result.value === edit.previous) {
    const beyond = deleteOverSeparator(edit);
    if (beyond) return format(beyond.value, beyond.caret, typing);
  }
  return result;
}

/** Where the caret goes in `formatted`: at the end if it was at the end, else after the same digits. */
function placeCaret(value: string, caret: number, formatted: string, extraDigits = 0): number {
  if (caret >= value.length) return formatted.length;
  return Math.min(caretAfterDigits(formatted, digitsOf(value.slice(0, caret)).length + extraDigits), formatted.length);
}

function formatCardNumber(value: string, caret: number): FormattedField {
  let digits = digitsOf(value);
  digits = digits.slice(0, isAmex(digits) ? AMEX_DIGITS : CARD_MAX_DIGITS);
  const formatted = groupCardNumber(digits);
  return { value: formatted, caret: placeCaret(value, caret, formatted) };
}

function formatExpiry(value: string, caret: number, typing: boolean): FormattedField {
  const slash = value.indexOf('/');
  const typedMonth = slash >= 0 ? digitsOf(value.slice(0, slash)) : '';
  let month: string;
  let year: string;
  let padded = false;
  if (slash >= 0 && typedMonth.length >= 1 && typedMonth.length <= 2) {
    // The slash says where the month ends.
    month = typedMonth;
    year = digitsOf(value.slice(slash + 1));
    if (year.length === 4) year = year.slice(2);
    if (typing && month.length === 1 && month !== '0') {
      month = `0${month}`;
      padded = true;
    }
  } else {
    const digits = digitsOf(value);
    if (typing && /^[2-9]/.test(digits)) {
      month = `0${digits[0]}`;
      year = digits.slice(1);
      padded = true;
    } else {
      month = digits.slice(0, 2);
      year = digits.slice(2);
    }
  }
  year = year.slice(0, 2);

  let formatted = month;
  if (year) formatted = `${month}/${year}`;
  else if (slash >= 0 && month && !(typing && month.length < 2)) formatted = `${month}/`;
  else if (typing && month.length === 2) formatted = `${month}/`;
  return { value: formatted, caret: placeCaret(value, caret, formatted, padded && caret > 0 ? 1 : 0) };
}

/** The card number: digits only, grouped (in fours; Amex 4-6-5), at most 19 digits (Amex 15). */
export function formatCardNumberEdit(edit: FieldEdit): FormattedField {
  return formatEdit(edit, formatCardNumber);
}

/**
 * The expiry as MM/YY. Typing adds the slash once the month is complete
 * ("12" → "12/", "1230" → "12/30"), and a month that can only be one digit is
 * padded ("4" → "04/", "4/" → "04/"). Pasted "12/30", "1230", "12 / 30" and
 * "12/2030" all become "12/30". Deleting never pads or adds a slash, so
 * Backspace takes one character at a time.
 */
export function formatExpiryEdit(edit: FieldEdit): FormattedField {
  return formatEdit(edit, formatExpiry);
}

/** The CVC: up to 4 digits, nothing else. */
export function formatCvcEdit(edit: FieldEdit): FormattedField {
  const digits = digitsOf(edit.value).slice(0, CVC_MAX_DIGITS);
  return { value: digits, caret: placeCaret(edit.value, edit.caret, digits) };
}

/** `MM/YY` (or `MM/YYYY`, `M/YY`) → month and year; null while incomplete. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}
