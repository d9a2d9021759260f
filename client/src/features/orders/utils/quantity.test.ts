import { describe, expect, it } from 'vitest';
import { checkQuantity, isOutOfRange, validateAddress, validateMobile } from './quantity';

describe('checkQuantity', () => {
  it('takes a whole number from the minimum to the stock', () => {
    expect(checkQuantity('100', 100, 12000)).toEqual({ ok: true, quantity: 100 });
    expect(checkQuantity(' 12000 ', 100, 12000)).toEqual({ ok: true, quantity: 12000 });
  });

  it('refuses a quantity below the minimum, out of range', () => {
    const check = checkQuantity('99', 100, 12000);
    expect(check).toMatchObject({ ok: false, reason: 'below-minimum', message: 'The minimum order is 100 pcs' });
    expect(isOutOfRange(check)).toBe(true);
  });

  it('refuses more than the stock, out of range', () => {
    const check = checkQuantity('13', 1, 12);
    expect(check).toMatchObject({ ok: false, reason: 'above-available', message: 'Only 12 pcs are available' });
    expect(isOutOfRange(check)).toBe(true);
  });

  it('refuses an empty field or a fraction, without calling it out of range', () => {
    expect(checkQuantity('', 1, 12)).toMatchObject({ ok: false, reason: 'empty' });
    expect(checkQuantity('1.5', 1, 12)).toMatchObject({ ok: false, reason: 'not-whole' });
    expect(checkQuantity('-1', 1, 12)).toMatchObject({ ok: false, reason: 'not-whole' });
    expect(isOutOfRange(checkQuantity('', 1, 12))).toBe(false);
  });
});

describe('validateMobile', () => {
  it('takes phone numbers as the server does', () => {
    expect(validateMobile('+1 (555) 014-2290')).toBe(true);
    expect(validateMobile('01712345678')).toBe(true);
  });

  it('says what is wrong', () => {
    expect(validateMobile('  ')).toBe('Mobile is Required');
    expect(validateMobile('12345')).toBe('Provide a valid mobile number');
    expect(validateMobile('call me')).toBe('Provide a valid mobile number');
  });
});

describe('validateAddress', () => {
  it('requires an address', () => {
    expect(validateAddress(' ')).toBe('Address is Required');
    expect(validateAddress('42 Foundry Road')).toBe(true);
  });
});
