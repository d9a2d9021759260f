import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { CartBadge } from './cart-badge';

describe('CartBadge', () => {
  it('links to /cart and says how many products the cart holds, following changes', () => {
    renderWithProviders(<CartBadge />);
    const link = screen.getByRole('link', { name: 'Cart, empty' });
    expect(link).toHaveAttribute('href', '/cart');
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();

    // The cart changes (here, as in another tab: the browser's storage event).
    act(() => {
      localStorage.setItem(
        'cart',
        JSON.stringify({
          owner: 'visitor',
          lines: [
            { productId: '64b7f0c2a1b2c3d4e5f60001', quantity: 100 },
            { productId: '64b7f0c2a1b2c3d4e5f60002', quantity: 2 },
          ],
        }),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    });
    expect(screen.getByRole('link', { name: 'Cart, 2 products' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
  });
});
