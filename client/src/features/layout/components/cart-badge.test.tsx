import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCartState } from '@/lib/cart-store';
import { renderWithProviders } from '@/testing/test-utils';
import { CartBadge } from './cart-badge';

describe('CartBadge', () => {
  it('links to /cart and says how many products the cart holds, following changes', () => {
    renderWithProviders(<CartBadge />);
    const link = screen.getByRole('link', { name: 'Cart, empty' });
    expect(link).toHaveAttribute('href', '/cart');
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();

    act(() =>
      setCartState({
        owner: 'visitor',
        lines: [
          { productId: '64b7f0c2a1b2c3d4e5f60001', quantity: 100 },
          { productId: '64b7f0c2a1b2c3d4e5f60002', quantity: 2 },
        ],
      }),
    );
    expect(screen.getByRole('link', { name: 'Cart, 2 products' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
  });
});
