import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import NotificationsPage from '@/app/routes/dashboard/notifications';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { NotificationSettings } from '@/types/api';

const defaults: NotificationSettings = { newOrder: true, payment: true, quoteRequest: true, claim: true, digest: false };

let stored: NotificationSettings;

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'admin-token');
  stored = defaults;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /account/notifications': () => jsonResponse(stored),
    'PUT /account/notifications': ({ body }) => {
      stored = body as NotificationSettings;
      return jsonResponse(stored);
    },
    ...routes,
  });
  vi.stubGlobal('fetch', api.fetch);
  renderWithProviders(<NotificationsPage />, { route: '/dashboard/notifications' });
  return api;
}

const toggle = (name: string) => screen.findByRole('switch', { name });

describe('Notifications', () => {
  it('shows the four kinds on and the digest off by default, each switch described', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    for (const name of ['New orders', 'Payments', 'Quote requests', 'Claims']) {
      expect(await toggle(name)).toBeChecked();
    }
    const digest = await toggle('Daily digest instead of one e-mail per event');
    expect(digest).not.toBeChecked();
    expect(digest).toHaveAccessibleDescription('One e-mail each day at 07:00 UTC lists the events of the 24 hours before.');
    expect(screen.getByRole('group', { name: 'E-mail me when' })).toBeInTheDocument();
  });

  it('saves every setting with one PUT and says so', async () => {
    const api = renderPage();
    await userEvent.click(await toggle('New orders'));
    await userEvent.click(await toggle('Daily digest instead of one e-mail per event'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your notification settings are saved.')).toBeInTheDocument();
    const puts = api.calls.filter((c) => c.method === 'PUT' && c.path === '/account/notifications');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({ newOrder: false, payment: true, quoteRequest: true, claim: true, digest: true });
    expect(await toggle('New orders')).not.toBeChecked();
  });

  it('shows the stored settings', async () => {
    stored = { newOrder: false, payment: true, quoteRequest: false, claim: true, digest: true };
    renderPage();
    expect(await toggle('New orders')).not.toBeChecked();
    expect(await toggle('Quote requests')).not.toBeChecked();
    expect(await toggle('Claims')).toBeChecked();
    expect(await toggle('Daily digest instead of one e-mail per event')).toBeChecked();
  });

  it('a refused save says why in a toast; the switches keep the choice', async () => {
    renderPage({ 'PUT /account/notifications': () => problemResponse(403, 'Only an admin may do this.') });
    await userEvent.click(await toggle('Claims'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Your notification settings could not be saved/)).toBeInTheDocument();
    expect(await toggle('Claims')).not.toBeChecked();
  });

  it('a failed load offers to try again', async () => {
    renderPage({ 'GET /account/notifications': () => problemResponse(500, 'boom') });
    expect(await screen.findByRole('alert')).toHaveTextContent(/notification settings|boom/i);
  });
});
