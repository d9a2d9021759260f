import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { fakeApi, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { tiersFromText, tiersToText, validateTiers } from '../utils/product-validation';
import VolumePrices, { volumeBands } from './volume-prices';

const gauge = makeProduct({ price: 15.5, minimumquantity: 1, tiers: [{ min: 10, percentOff: 5 }, { min: 50, percentOff: 10 }] });

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.removeItem('accessToken');
});

describe('VolumePrices', () => {
  it('shows each quantity band with the price per piece the server charges', () => {
    renderWithProviders(<VolumePrices product={gauge} />);
    const section = screen.getByRole('region', { name: 'Volume prices' });
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1–9 pcs$15.50List price', '10–49 pcs$14.735 % off', '50+ pcs$13.9510 % off']);
  });

  it('shows a signed-in member their company’s prices from GET /prices beside the list price', async () => {
    window.localStorage.setItem('accessToken', 'tok');
    const fake = fakeApi({
      'GET /prices': () =>
        jsonResponse([{ productId: gauge._id, unitPrice: 13.95, tiers: [{ min: 10, percentOff: 5, unitPrice: 13.25 }, { min: 50, percentOff: 10, unitPrice: 12.56 }] }]),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<VolumePrices product={gauge} />);
    const section = await screen.findByRole('region', { name: 'Your company’s prices' });
    const rows = within(section).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'QuantityYour priceList price',
      '1–9 pcs$13.95$15.50',
      '10–49 pcs$13.25$14.73',
      '50+ pcs$12.56$13.95',
    ]);
    const asked = fake.calls.filter((c) => c.path.startsWith('/prices'));
    expect(asked.map((c) => [c.path, c.authorization])).toEqual([[`/prices?ids=${gauge._id}`, 'Bearer tok']]);
  });

  it('signed in at list prices: the volume breaks as for anyone; nothing for a product without them', async () => {
    window.localStorage.setItem('accessToken', 'tok');
    const plain = makeProduct({ _id: '64b7f0c2a1b2c3d4e5f60077', price: 20, tiers: [] });
    const fake = fakeApi({
        'GET /prices': ({ url }) =>
          jsonResponse(
            url.searchParams.get('ids') === plain._id
              ? [{ productId: plain._id, unitPrice: 20, tiers: [] }]
              : [{ productId: gauge._id, unitPrice: 15.5, tiers: [{ min: 10, percentOff: 5, unitPrice: 14.73 }, { min: 50, percentOff: 10, unitPrice: 13.95 }] }],
          ),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<VolumePrices product={plain} />);
    await waitFor(() => expect(fake.calls.filter((c) => c.path.startsWith('/prices'))).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('volume-prices')).not.toBeInTheDocument();
    renderWithProviders(<VolumePrices product={gauge} />);
    expect(await screen.findByRole('region', { name: 'Volume prices' })).toBeInTheDocument();
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
