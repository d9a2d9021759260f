import { describe, expect, it } from 'vitest';
import shared from '../../../server/internal/shop/testdata/tax_cases.json';
import { figuresOf, lineCents, rateInHundredths, serverFigures, taxOfCents, toCents } from './money';

/**
 * server/internal/shop/testdata/tax_cases.json, which the server's
 * tax_cases_test.go reads too: what the client computes before it asks
 * rounds as the server charges.
 */
interface TaxCases {
  lines: { price: number; quantity: number; taxRate: number; lineCents: number; taxCents: number }[];
  purchases: {
    about: string;
    taxRate: number;
    lines: { price: number; quantity: number }[];
    subtotalCents: number;
    taxCents: number;
    amount: number;
    tax: number;
    total: number;
  }[];
}
const cases: TaxCases = shared;

describe('the shared money cases (the server reads the same file)', () => {
  it('has cases', () => {
    expect(cases.lines.length).toBeGreaterThan(10);
    expect(cases.purchases.length).toBeGreaterThan(2);
  });

  it.each(cases.lines)('$price × $quantity at $taxRate%: line and tax in cents', (c) => {
    expect(lineCents(c.price, c.quantity)).toBe(c.lineCents);
    expect(taxOfCents(c.lineCents, rateInHundredths(c.taxRate))).toBe(c.taxCents);
  });

  it.each(cases.purchases)('$about: figures as the server computes them, and its dollars read back', (c) => {
    const figures = figuresOf(
      c.lines.map((l) => ({ unitPrice: l.price, quantity: l.quantity })),
      rateInHundredths(c.taxRate),
    );
    expect(figures).toEqual({ subtotalCents: c.subtotalCents, taxCents: c.taxCents, totalCents: c.amount });
    // What the server answers (amount in cents, tax and total in dollars) reads back to the same figures.
    expect(serverFigures({ amount: c.amount, tax: c.tax })).toEqual(figures);
    expect(toCents(c.total)).toBe(c.amount);
  });
});

describe('toCents', () => {
  it('reads dollars with two decimals exactly, whatever the double', () => {
    expect(4.35 * 100).not.toBe(435); // 434.99999999999994
    expect(toCents(4.35)).toBe(435);
    expect(toCents(1.15)).toBe(115);
    expect(toCents(0)).toBe(0);
    expect(toCents(-19.99)).toBe(-1999);
  });
});

describe('serverFigures', () => {
  it('has no tax when the answer has none', () => {
    expect(serverFigures({ amount: 1_490_000 })).toEqual({ subtotalCents: 1_490_000, taxCents: 0, totalCents: 1_490_000 });
  });
});
