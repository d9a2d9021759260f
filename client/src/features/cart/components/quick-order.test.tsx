import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { getCartState } from '../store/cart-store';
import { readLines } from '../api/bulk';
import { QuickOrder } from './quick-order';

describe('readLines', () => {
  it('reads SKU and quantity separated by spaces, commas, semicolons or tabs; skips a heading and blank lines; marks what it cannot read', () => {
    expect(readLines('sku,quantity\nPMP-1 2\n\n"VLV-2",3\nMTR-3;1\nBRK-4\t5\nbad line here\nNOQTY')).toEqual([
      { text: 'PMP-1 2', line: { sku: 'PMP-1', quantity: 2 } },
      { text: '"VLV-2",3', line: { sku: 'VLV-2', quantity: 3 } },
      { text: 'MTR-3;1', line: { sku: 'MTR-3', quantity: 1 } },
      { text: 'BRK-4\t5', line: { sku: 'BRK-4', quantity: 5 } },
      { text: 'bad line here', line: null },
      { text: 'NOQTY', line: null },
    ]);
  });
});

describe('QuickOrder', () => {
  it('sends the readable lines and shows each line’s outcome in the order written; the cart becomes the server’s', async () => {
    const fake = fakeApi({
      'POST /cart/bulk': () =>
        jsonResponse({
          lines: [
            { sku: 'PMP-1', quantity: 2, outcome: 'added', productId: 'p1', name: 'Pump', minimum: 1, available: 10 },
            { sku: 'NOPE-9', quantity: 1, outcome: 'unknown_sku' },
            { sku: 'VLV-2', quantity: 3, outcome: 'below_minimum', productId: 'p2', name: 'Valve', minimum: 10, available: 100 },
          ],
          cart: { items: [{ productId: 'p1', quantity: 2 }] },
        }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<QuickOrder />);
    await userEvent.type(screen.getByRole('textbox', { name: 'SKUs and quantities' }), 'PMP-1 2{enter}NOPE-9 1{enter}two words x{enter}VLV-2 3');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('1 of 4 lines added to the cart.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/cart/bulk')?.body).toEqual({
      lines: [
        { sku: 'PMP-1', quantity: 2 },
        { sku: 'NOPE-9', quantity: 1 },
        { sku: 'VLV-2', quantity: 3 },
      ],
    });
    const outcomes = screen.getAllByTestId('quick-order-line').map((row) => within(row).getAllByRole('cell').at(-1)?.textContent);
    expect(outcomes).toEqual(['Added: Pump', 'No product has this SKU', 'Not sent: write the SKU, then a whole number of pieces', 'Not added: the minimum order is 10 pcs']);
    expect(getCartState().lines).toEqual([{ productId: 'p1', quantity: 2 }]);
    expect(screen.getByRole('link', { name: 'Go to cart' })).toBeInTheDocument();
  });

  it('says so when nothing readable was written, and sends nothing', async () => {
    const fake = fakeApi({});
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<QuickOrder />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Paste at least one line: a SKU and a quantity.')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
