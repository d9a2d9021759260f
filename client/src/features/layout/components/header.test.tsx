import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { Header } from './header';

/** The full URL the router is at, query included. */
function UrlProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="url">{pathname + search}</div>;
}

const user = { _id: '1', email: 'ada@example.com', name: 'Ada', role: '', provider: 'password', createdAt: '' };

beforeEach(() => {
  vi.stubGlobal('fetch', fakeApi({ 'GET /auth/me': () => jsonResponse({ user }) }).fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

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

  it('follows the real session: a token the server refuses (401) shows Login again', async () => {
    window.localStorage.setItem('accessToken', 'expired-token');
    vi.stubGlobal('fetch', fakeApi({ 'GET /auth/me': () => problemResponse(401, 'Your session is not valid. Please sign in again.') }).fetch);
    renderWithProviders(<Header />);
    expect(await mainNav().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('Sign Out removes the token and the user’s cached data, shows Login again and returns home', async () => {
    window.localStorage.setItem('accessToken', 'token-123');
    const { queryClient } = renderWithProviders(<Header />, { route: '/blog' });
    await vi.waitFor(() => expect(queryClient.getQueryData(['auth', 'me'])).toEqual(user));
    await queryClient.prefetchQuery({ queryKey: ['reviews'], queryFn: () => Promise.resolve([]), meta: { public: true } }); // public data stays...
    await queryClient.prefetchQuery({ queryKey: ['orders', 'ada@example.com'], queryFn: () => Promise.resolve([{ _id: 'o1' }]) }); // ...the user's goes
    await userEvent.click(mainNav().getByRole('button', { name: 'Sign Out' }));
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(queryClient.getQueryData(['auth', 'me'])).toBeUndefined();
    expect(queryClient.getQueryData(['orders', 'ada@example.com'])).toBeUndefined();
    expect(queryClient.getQueryData(['reviews'])).toEqual([]);
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

  it('draws the menu button’s icon inline (no MUI SvgIcon in the first load), hidden from screen readers', () => {
    renderWithProviders(<Header />);
    const icon = screen.getByRole('button', { name: 'Open menu' }).querySelector('svg');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon).toHaveAttribute('viewBox', '0 0 24 24');
    expect(icon).toHaveAttribute('width', '24');
    expect(icon).toHaveAttribute('fill', 'currentColor');
    expect(icon?.getAttribute('class') ?? '').not.toMatch(/MuiSvgIcon/);
    expect(icon?.querySelector('path')).toHaveAttribute('d', 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z');
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

  describe('search', () => {
    const headerSearch = () => within(screen.getByRole('banner')).getAllByRole('searchbox', { name: 'Search products' })[0]!;

    it('is a search box named "Search products", inside a search landmark', () => {
      renderWithProviders(<Header />);
      const box = headerSearch();
      expect(box).toHaveAttribute('type', 'search');
      expect(screen.getByRole('search', { name: 'Search products' })).toContainElement(box);
    });

    it('Enter opens /products with the query in the URL, and the box shows the query the list has', async () => {
      const user = userEvent.setup();
      renderWithProviders(<><Header /><UrlProbe /></>, { route: '/blog' });
      await user.type(headerSearch(), '  drill bit {Enter}');
      expect(screen.getByTestId('url')).toHaveTextContent(/^\/products\?q=drill\+bit$/);
      expect(headerSearch()).toHaveValue('drill bit');
    });

    it('on /products it shows the active query (two search boxes never disagree); elsewhere it is empty', () => {
      const first = renderWithProviders(<Header />, { route: '/products?q=pump&page=2' });
      expect(headerSearch()).toHaveValue('pump');
      first.unmount();
      renderWithProviders(<Header />, { route: '/blog?q=pump' });
      expect(headerSearch()).toHaveValue('');
    });

    it('an empty query opens /products with no query', async () => {
      const user = userEvent.setup();
      renderWithProviders(<><Header /><UrlProbe /></>, { route: '/blog' });
      await user.type(headerSearch(), '   {Enter}');
      expect(screen.getByTestId('url')).toHaveTextContent(/^\/products$/);
    });

    it('in the drawer: Enter opens /products with the query and closes the drawer', async () => {
      const user = userEvent.setup();
      renderWithProviders(<><Header /><UrlProbe /></>);
      const toggle = screen.getByRole('button', { name: 'Open menu' });
      await user.click(toggle);
      const drawer = within(await screen.findByRole('dialog', { name: 'Site menu' }));
      const box = drawer.getByRole('searchbox', { name: 'Search products' });
      await user.type(box, 'pump{Enter}');
      expect(screen.getByTestId('url')).toHaveTextContent(/^\/products\?q=pump$/);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
