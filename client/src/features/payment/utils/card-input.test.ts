import { describe, expect, it } from 'vitest';
import type { FieldEdit, FormattedField } from '@/components/form/form-text-field';
import { formatCardNumberEdit, formatCvcEdit, formatExpiryEdit, groupCardNumber, parseExpiry } from './card-input';

type Formatter = (edit: FieldEdit) => FormattedField;

/** Types `keys` one at a time at the end, as a user would, from `start`. */
function typeKeys(format: Formatter, keys: string, start = ''): string {
  let value = start;
  for (const key of keys) value = format({ value: value + key, caret: value.length + 1, previous: value, deletion: null }).value;
  return value;
}

/** Pastes (or autofills) `text` into an empty field. */
function paste(format: Formatter, text: string): FormattedField {
  return format({ value: text, caret: text.length, previous: '', deletion: null });
}

/** Presses Backspace with the caret at `caret` (`|` marks it in `shown`). */
function backspace(format: Formatter, shown: string): FormattedField {
  const caret = shown.indexOf('|');
  const previous = shown.replace('|', '');
  return format({ value: previous.slice(0, caret - 1) + previous.slice(caret), caret: caret - 1, previous, deletion: 'backward' });
}

/** Presses Delete with the caret at `|` in `shown`. */
function del(format: Formatter, shown: string): FormattedField {
  const caret = shown.indexOf('|');
  const previous = shown.replace('|', '');
  return format({ value: previous.slice(0, caret) + previous.slice(caret + 1), caret, previous, deletion: 'forward' });
}

/** Types `key` with the caret at `|` in `shown`. */
function insertAt(format: Formatter, shown: string, key: string): FormattedField {
  const caret = shown.indexOf('|');
  const previous = shown.replace('|', '');
  return format({ value: previous.slice(0, caret) + key + previous.slice(caret), caret: caret + key.length, previous, deletion: null });
}

/** A result as text with `|` at the caret, to compare at a glance. */
const shown = ({ value, caret }: FormattedField) => `${value.slice(0, caret)}|${value.slice(caret)}`;

describe('expiry (MM/YY)', () => {
  it('adds the slash as "1230" is typed', () => {
    expect(typeKeys(formatExpiryEdit, '1')).toBe('1');
    expect(typeKeys(formatExpiryEdit, '12')).toBe('12/');
    expect(typeKeys(formatExpiryEdit, '123')).toBe('12/3');
    expect(typeKeys(formatExpiryEdit, '1230')).toBe('12/30');
    expect(parseExpiry(typeKeys(formatExpiryEdit, '1230'))).toEqual({ month: 12, year: 2030 });
  });

  it('pads a first digit 2–9, which can only be a month of its own: "4" → "04/"', () => {
    for (const d of '23456789') expect(typeKeys(formatExpiryEdit, d)).toBe(`0${d}/`);
    expect(typeKeys(formatExpiryEdit, '430')).toBe('04/30');
    expect(typeKeys(formatExpiryEdit, '0')).toBe('0');
    expect(typeKeys(formatExpiryEdit, '09')).toBe('09/');
    expect(typeKeys(formatExpiryEdit, '1')).toBe('1');
  });

  it('takes a typed slash: "1/" → "01/", and a second slash after "12/" is ignored', () => {
    expect(typeKeys(formatExpiryEdit, '1/')).toBe('01/');
    expect(typeKeys(formatExpiryEdit, '1/30')).toBe('01/30');
    expect(typeKeys(formatExpiryEdit, '12/30')).toBe('12/30');
    expect(typeKeys(formatExpiryEdit, '0/')).toBe('0');
  });

  it('ignores letters and stops at MM/YY', () => {
    expect(typeKeys(formatExpiryEdit, '1a2b3c0')).toBe('12/30');
    expect(typeKeys(formatExpiryEdit, '123099')).toBe('12/30');
  });

  it('formats pasted "12/30", "1230", "12 / 30" and "12/2030" as 12/30, caret at the end', () => {
    for (const text of ['12/30', '1230', '12 / 30', '12/2030', ' 12/30 ']) {
      expect(shown(paste(formatExpiryEdit, text))).toBe('12/30|');
    }
  });

  it('Backspace takes one character at a time, the slash included', () => {
    expect(shown(backspace(formatExpiryEdit, '12/30|'))).toBe('12/3|');
    expect(shown(backspace(formatExpiryEdit, '12/3|'))).toBe('12/|');
    expect(shown(backspace(formatExpiryEdit, '12/|'))).toBe('12|');
    expect(shown(backspace(formatExpiryEdit, '12|'))).toBe('1|');
    expect(shown(backspace(formatExpiryEdit, '04/|'))).toBe('04|');
    expect(shown(backspace(formatExpiryEdit, '04|'))).toBe('0|');
  });

  it('Backspace just after the slash inside "12/30" deletes the month’s digit, and the month can be retyped', () => {
    const afterBackspace = backspace(formatExpiryEdit, '12/|30');
    expect(shown(afterBackspace)).toBe('1|/30');
    expect(shown(insertAt(formatExpiryEdit, '1|/30', '1'))).toBe('11|/30');
  });

  it('Delete just before the slash deletes the year’s first digit', () => {
    expect(shown(del(formatExpiryEdit, '12|/30'))).toBe('12|/0');
  });

  it('keeps the caret beside its digit when editing the month in the middle', () => {
    expect(shown(insertAt(formatExpiryEdit, '1|/30', '2'))).toBe('12|/30');
    expect(shown(backspace(formatExpiryEdit, '12|/30'))).toBe('1|/30');
  });
});

describe('card number', () => {
  it('groups in fours as typed', () => {
    expect(typeKeys(formatCardNumberEdit, '4242')).toBe('4242');
    expect(typeKeys(formatCardNumberEdit, '42424')).toBe('4242 4');
    expect(typeKeys(formatCardNumberEdit, '4242424242424242')).toBe('4242 4242 4242 4242');
  });

  it('keeps digits only, at most 19', () => {
    expect(typeKeys(formatCardNumberEdit, '4242-4242 x4242')).toBe('4242 4242 4242');
    expect(typeKeys(formatCardNumberEdit, '62000000000000051234567')).toBe('6200 0000 0000 0005 123');
  });

  it('groups American Express 4-6-5, at most 15 digits', () => {
    expect(groupCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(typeKeys(formatCardNumberEdit, '3782822463100059')).toBe('3782 822463 10005');
  });

  it('formats a pasted number with spaces or dashes, caret at the end', () => {
    for (const text of ['4242424242424242', '4242 4242 4242 4242', '4242-4242-4242-4242']) {
      expect(shown(paste(formatCardNumberEdit, text))).toBe('4242 4242 4242 4242|');
    }
  });

  it('keeps the caret beside the digit typed or deleted in the middle', () => {
    expect(shown(insertAt(formatCardNumberEdit, '4242 |4242 4242', '1'))).toBe('4242 1|424 2424 2');
    expect(shown(insertAt(formatCardNumberEdit, '424|2 4242', '9'))).toBe('4249| 2424 2');
    expect(shown(backspace(formatCardNumberEdit, '4242 42|42 4242'))).toBe('4242 4|424 242');
  });

  it('Backspace over a space deletes the digit before it; Delete, the digit after it', () => {
    expect(shown(backspace(formatCardNumberEdit, '4242 |4242'))).toBe('424|4 242');
    expect(shown(del(formatCardNumberEdit, '4242| 4242'))).toBe('4242| 242');
  });
});

describe('CVC', () => {
  it('takes 3–4 digits and nothing else', () => {
    expect(typeKeys(formatCvcEdit, '123')).toBe('123');
    expect(typeKeys(formatCvcEdit, '12a3')).toBe('123');
    expect(typeKeys(formatCvcEdit, '12345')).toBe('1234');
    expect(shown(paste(formatCvcEdit, ' 98 7 '))).toBe('987|');
  });
});

describe('parseExpiry', () => {
  it('reads MM/YY and MM/YYYY; null while incomplete', () => {
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('01/2031')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('12/')).toBeNull();
    expect(parseExpiry('1230')).toBeNull();
  });
});
