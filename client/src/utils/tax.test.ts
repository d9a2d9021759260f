import { describe, expect, it } from 'vitest';
import { rateInHundredths, taxOfCents } from './tax';

describe('taxOfCents (the server’s shop.TaxOf)', () => {
  it('rounds half up to the cent, per order', () => {
    expect(taxOfCents(999, 500)).toBe(50); // 5% of $9.99 is 49.95 cents
    expect(taxOfCents(100_000, 825)).toBe(8_250);
    expect(taxOfCents(1, 4999)).toBe(0); // 0.4999 cents
    expect(taxOfCents(1, 5000)).toBe(1); // 0.5 cents
  });
  it('is 0 for no rate or no amount', () => {
    expect(taxOfCents(0, 825)).toBe(0);
    expect(taxOfCents(12_345, 0)).toBe(0);
  });
  it('reads GET /config’s percent', () => {
    expect(rateInHundredths(8.25)).toBe(825);
    expect(rateInHundredths(undefined)).toBe(0);
    expect(rateInHundredths(0.1 + 0.2)).toBe(30);
  });
});
