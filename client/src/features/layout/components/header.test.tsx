import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { Header } from './header';

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('Header', () => {
  it('signed out: shows Login, no Dashboard or Sign Out', () => {
    renderWithProviders(<Header />);
    const nav = mainNav();
    expect(nav.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Portfolio' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Blog' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(nav.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('signed in: shows Dashboard and Sign Out, no Login', () => {
    window.localStorage.setItem('accessToken', 'token-123');
    renderWithProviders(<Header />);
    const nav = mainNav();
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(nav.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('Sign Out removes the token, shows Login again and returns home', async () => {
    window.localStorage.setItem('accessToken', 'token-123');
    renderWithProviders(<Header />, { route: '/blog' });
    await userEvent.click(mainNav().getByRole('button', { name: 'Sign Out' }));
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(mainNav().getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(mainNav().queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('gives the active link a 2px solid black border, and only it', () => {
    renderWithProviders(<Header />, { route: '/portfolio' });
    const active = mainNav().getByRole('link', { name: 'Portfolio' });
    expect(active).toHaveAttribute('aria-current', 'page');
    expect(active.style.border).toBe('2px solid black');
    expect(getComputedStyle(active).border).toBe('2px solid rgb(0, 0, 0)');
    const home = mainNav().getByRole('link', { name: 'Home' });
    expect(home).not.toHaveAttribute('aria-current');
    expect(home.style.border).toBe('');
  });

  it('marks Home active on / and on /home', () => {
    renderWithProviders(<Header />, { route: '/home' });
    const home = mainNav().getByRole('link', { name: 'Home' });
    expect(home).toHaveAttribute('aria-current', 'page');
    expect(home.style.border).toBe('2px solid black');
  });

  it('opens a drawer with the same links from the menu button, and a link closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const drawerNav = within(await screen.findByRole('navigation', { name: 'Site menu' }));
    expect(drawerNav.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(drawerNav.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(drawerNav.getByRole('link', { name: 'Blog' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/blog');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
