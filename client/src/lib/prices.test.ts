import { describe, expect, it } from 'vitest';
import shared from '../../../server/internal/shop/testdata/tax_cases.json';
import { figuresOf, rateInHundredths, unitCents } from '@/utils/money';
import { differsFromList, priceCents } from './prices';

interface CompanyLine {
  about: string;
  quantity: number;
  taxRate: number;
  unitCents: number;
  lineCents: number;
  taxCents: number;
  /** GET /prices' entry for the product under this price list (tax_cases_test's Go side checks the server answers it). */
  prices: { unitPrice: number; tiers: { min: number; percentOff: number; unitPrice: number }[] };
}
const companyLines = (shared as unknown as { companyLines: CompanyLine[] }).companyLines;

describe('a member’s prices (the shared money cases: the server reads the same file)', () => {
  it('has cases', () => {
    expect(companyLines.length).toBeGreaterThan(5);
  });

  it.each(companyLines)('$about: the unit price read from GET /prices, the line and its tax in cents', (c) => {
    const unit = priceCents({ productId: 'p', ...c.prices }, c.quantity);
    expect(unit).toBe(c.unitCents);
    expect(unit * c.quantity).toBe(c.lineCents);
    expect(figuresOf([{ unitPrice: unit / 100, quantity: c.quantity }], rateInHundredths(c.taxRate)).taxCents).toBe(c.taxCents);
  });

  it('tells a company’s prices from the list price less its breaks', () => {
    const tiers = [{ min: 10, percentOff: 5 }];
    const list = (q: number) => unitCents(15.5, q, tiers);
    expect(differsFromList({ productId: 'p', unitPrice: 15.5, tiers: [{ min: 10, percentOff: 5, unitPrice: 14.73 }] }, list)).toBe(false);
    expect(differsFromList({ productId: 'p', unitPrice: 13.95, tiers: [{ min: 10, percentOff: 5, unitPrice: 13.25 }] }, list)).toBe(true);
    expect(differsFromList({ productId: 'p', unitPrice: 15.5, tiers: [{ min: 10, percentOff: 5, unitPrice: 11.4 }] }, list)).toBe(true);
  });
});
