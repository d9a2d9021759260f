import { describe, expect, it } from 'vitest';
import { formatCents, formatPrice, truncate } from './format';

describe('formatPrice', () => {
  it('shows whole dollars without cents', () => {
    expect(formatPrice(1299)).toBe('$1,299');
  });

  it('shows two decimals when there are cents', () => {
    expect(formatPrice(12.5)).toBe('$12.50');
  });
});

describe('truncate', () => {
  it('cuts a long text to max characters and an ellipsis', () => {
    expect(truncate('abcdefghij', 4)).toBe('abcd...');
  });

  it('leaves a text of exactly max characters alone', () => {
    expect(truncate('abcd', 4)).toBe('abcd');
  });
});

describe('formatCents', () => {
  it('shows an amount in cents as dollars', () => {
    expect(formatCents(1_490_000)).toBe('$14,900');
    expect(formatCents(52_550)).toBe('$525.50');
    expect(formatCents(1999)).toBe('$19.99');
  });
});
