import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { SiteLinks } from './site-link';

const links = [
  { label: 'Terms of sale', href: '/terms' },
  { label: 'Equipment sales', href: '/products' },
  { label: 'Bulk & trade orders', href: '/products' },
  { label: 'Stripe privacy policy', href: 'https://stripe.com/privacy' },
];

describe('SiteLinks', () => {
  it('lists each link in order, even two to the same page', () => {
    renderWithProviders(<SiteLinks links={links} sx={{ display: 'grid' }} linkSx={{ fontWeight: 600 }} />);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(links.map((link) => link.label));
    expect(screen.getByRole('list')).toBeInTheDocument();
  });

  it('a page of the site opens through the router; another site is a plain link', async () => {
    renderWithProviders(<SiteLinks links={links} sx={{}} linkSx={{}} />);
    expect(screen.getByRole('link', { name: 'Stripe privacy policy' })).toHaveAttribute('href', 'https://stripe.com/privacy');
    await userEvent.click(screen.getByRole('link', { name: 'Terms of sale' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/terms');
  });
});
