import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { renderWithProviders } from '@/testing/test-utils';
import { tiersFromText, tiersToText, validateTiers } from '../utils/product-validation';
import VolumePrices, { volumeBands } from './volume-prices';

const gauge = makeProduct({ price: 15.5, minimumquantity: 1, tiers: [{ min: 10, percentOff: 5 }, { min: 50, percentOff: 10 }] });

describe('VolumePrices', () => {
  it('shows each quantity band with the price per piece the server charges', () => {
    renderWithProviders(<VolumePrices product={gauge} />);
    const section = screen.getByRole('region', { name: 'Volume prices' });
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1–9 pcs$15.50List price', '10–49 pcs$14.735 % off', '50+ pcs$13.9510 % off']);
  });

  it('starts at the minimum order; a break at or below it applies from the start', () => {
    expect(volumeBands({ price: 100, minimumquantity: 20, tiers: [{ min: 10, percentOff: 5 }, { min: 50, percentOff: 7.5 }] })).toEqual([
      { from: 20, to: 49, cents: 9500, percentOff: 5 },
      { from: 50, to: undefined, cents: 9250, percentOff: 7.5 },
    ]);
  });
});

describe('the tiers field', () => {
  it('reads the import column’s text, and writes it back', () => {
    expect(tiersFromText('10:5; 50:7.5%')).toEqual([
      { min: '10', percentOff: '5' },
      { min: '50', percentOff: '7.5' },
    ]);
    expect(tiersFromText('  ')).toEqual([]);
    expect(tiersToText(gauge.tiers)).toBe('10:5; 50:10');
  });

  it('refuses a part that is not quantity:percent', () => {
    expect(tiersFromText('10-5')).toBeNull();
    expect(validateTiers('10:5; 50')).toBe('Write each tier as quantity:percent off, such as 10:5; 50:7.5');
    expect(validateTiers('10:5.125')).toBe('Write each tier as quantity:percent off, such as 10:5; 50:7.5');
    expect(validateTiers('')).toBe(true);
  });
});
