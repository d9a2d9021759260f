import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import Footer from './footer';

describe('Footer', () => {
  it('links Terms of sale, Privacy policy and Warranty policy to their pages', () => {
    renderWithProviders(<Footer />);
    const legal = within(screen.getByRole('navigation', { name: 'Legal' }));
    expect(legal.getByRole('link', { name: 'Terms of sale' })).toHaveAttribute('href', '/terms');
    expect(legal.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(legal.getByRole('link', { name: 'Warranty policy' })).toHaveAttribute('href', '/warranty');
  });

  it('About us opens /about in the app', async () => {
    renderWithProviders(<Footer />, { route: '/products' });
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Company' })).getByRole('link', { name: 'About us' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/about$/);
  });
});
