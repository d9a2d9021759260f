import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { OrderTotal } from './order-total';

afterEach(() => {
  vi.unstubAllGlobals();
});

function withConfig(taxLabel = 'Sales tax') {
  vi.stubGlobal('fetch', fakeApi({ 'GET /config': () => jsonResponse({ paymentProvider: 'test', stripePublishableKey: '', googleClientId: '', taxRate: 8.25, taxLabel }) }).fetch);
}

describe('OrderTotal (the one total of a purchase)', () => {
  it('computed here before asking: the subtotal, the tax named with its rate, and the total', async () => {
    withConfig('VAT');
    renderWithProviders(<OrderTotal figures={{ subtotalCents: 42_000, taxCents: 3_465, totalCents: 45_465 }} rate={8.25} />);
    expect(await screen.findByText('VAT (8.25%)')).toBeInTheDocument();
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('$420');
    expect(screen.getByTestId('order-tax')).toHaveTextContent('$34.65');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$454.65');
  });

  it('the server’s figures of a placed purchase: the tax by its name alone (its rate was that day’s)', async () => {
    withConfig();
    renderWithProviders(<OrderTotal figures={{ subtotalCents: 105_000, taxCents: 8_663, totalCents: 113_663 }} />);
    expect(await screen.findByText('Sales tax')).toBeInTheDocument();
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$1,136.63');
  });

  it('no tax: the total alone; no figures yet: a dash', () => {
    withConfig();
    const { unmount } = renderWithProviders(<OrderTotal figures={{ subtotalCents: 30_000, taxCents: 0, totalCents: 30_000 }} />);
    expect(screen.queryByTestId('order-tax')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-subtotal')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$300');
    unmount();
    renderWithProviders(<OrderTotal figures={null} rate={8.25} />);
    expect(screen.getByTestId('order-total')).toHaveTextContent('—');
  });
});
