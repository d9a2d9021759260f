import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerifyEmailBannerSlot } from '@/app/root';
import { authKeys } from '@/lib/auth';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { User } from '@/types/api';

const ada: User = {
  _id: '64b7f0c2a1b2c3d4e5f60711',
  email: 'ada@example.com',
  name: 'Ada',
  role: '',
  provider: 'password',
  createdAt: '2024-01-01T00:00:00Z',
  emailVerified: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSlot(user: User | null, route = '/', routes: Parameters<typeof fakeApi>[0] = {}) {
  if (user) window.localStorage.setItem('accessToken', 'tok');
  const api = fakeApi({ 'GET /auth/me': () => jsonResponse({ user }), ...routes });
  vi.stubGlobal('fetch', api.fetch);
  const { queryClient } = renderWithProviders(<VerifyEmailBannerSlot />, { route });
  return { ...api, queryClient };
}

/**
 * The banner has decided: its lazy code is loaded, GET /auth/me has answered
 * and React has rendered with the account. (A condition, not a pause: only
 * then can a test say the banner is not there.)
 */
async function decided(queryClient: ReturnType<typeof renderSlot>['queryClient']) {
  await import('./verify-email-banner');
  await vi.waitFor(() => expect(queryClient.getQueryState(authKeys.me)?.status).toBe('success'));
  await act(async () => {});
}

const banner = () => screen.findByRole('region', { name: 'E-mail verification' });

describe('the verification banner', () => {
  it('asks an unverified account to verify, and sends the link again on request', async () => {
    const api = renderSlot(ada, '/', { 'POST /auth/verify-email/resend': () => jsonResponse({ message: 'sent' }, { status: 202 }) });
    expect(await banner()).toHaveTextContent('Please verify your e-mail address: open the link we sent to ada@example.com.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We have sent a new link to ada@example.com.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/auth/verify-email/resend')).toBe(true);
  });

  it('says why the link was not sent (asked too often)', async () => {
    renderSlot(ada, '/', { 'POST /auth/verify-email/resend': () => problemResponse(429, 'Too many attempts. Please try again in 600 seconds.') });
    await banner();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('The link could not be sent: Too many attempts. Please try again in 600 seconds.')).toBeInTheDocument();
  });

  it('is not shown to a verified account, to visitors, or on the page that verifies', async () => {
    const { queryClient } = renderSlot({ ...ada, emailVerified: true });
    await decided(queryClient);
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).not.toBeInTheDocument();
  });

  it('is not shown on /verify-email', async () => {
    const api = renderSlot(ada, '/verify-email?token=x');
    await vi.waitFor(() => expect(api.calls.some((c) => c.path === '/auth/me')).toBe(true));
    await decided(api.queryClient);
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).not.toBeInTheDocument();
  });

  it('can be hidden for the rest of the session (it covered a phone’s checkout fields), and stays hidden on the next page', async () => {
    const { queryClient } = renderSlot(ada);
    await banner();
    await userEvent.click(screen.getByRole('button', { name: 'Hide this reminder' }));
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).not.toBeInTheDocument();
    expect(window.document.documentElement.style.scrollPaddingBottom).toBe('');
    // Another page of the same tab (the slot mounted again).
    renderWithProviders(<VerifyEmailBannerSlot />, { route: '/products', queryClient });
    await decided(queryClient);
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).not.toBeInTheDocument();
  });

  it('is not shown signed out', () => {
    const api = renderSlot(null);
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
