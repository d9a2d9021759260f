import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { RequireAuth } from '@/app/guards/require-auth';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { User } from '@/types/api';
import { AccountSettings } from './account-settings';

const ada: User = {
  _id: '64b7f0c2a1b2c3d4e5f60711',
  email: 'ada@example.com',
  name: 'Ada',
  role: '',
  provider: 'password',
  createdAt: '2024-01-01T00:00:00Z',
  emailVerified: false,
};

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAccount(user: User, routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /auth/me': () => jsonResponse({ user }),
    'GET /config': () => jsonResponse({ paymentProvider: 'test', stripePublishableKey: '', googleClientId: '' }),
    ...routes,
  });
  vi.stubGlobal('fetch', api.fetch);
  const result = renderWithProviders(<AccountSettings />, { route: '/dashboard/account' });
  return { ...result, api };
}

const card = async (name: string) => screen.findByRole('article', { name });

describe('AccountSettings when the account cannot be read', () => {
  it('says so with a Retry (no endless spinner), and shows the account once it answers', async () => {
    let up = false;
    renderAccount(ada, { 'GET /auth/me': () => (up ? jsonResponse({ user: ada }) : problemResponse(503, 'The store is unavailable.')) });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your account right now.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('E-mail address')).toBeInTheDocument();
  });
});

describe('AccountSettings', () => {
  it('an unverified address: Not verified, and the link sent again with a toast', async () => {
    const { api } = renderAccount(ada, { 'POST /auth/verify-email/resend': () => jsonResponse({ message: 'sent' }, { status: 202 }) });
    const email = await card('E-mail address');
    expect(within(email).getByText('Not verified')).toBeInTheDocument();
    expect(within(email).getByText('ada@example.com')).toBeInTheDocument();
    await userEvent.click(within(email).getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We have sent a new link to ada@example.com.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/auth/verify-email/resend')).toHaveLength(1);
  });

  it('a verified address: Verified, nothing to send', async () => {
    renderAccount({ ...ada, emailVerified: true });
    const email = await card('E-mail address');
    expect(within(email).getByText('Verified')).toBeInTheDocument();
    expect(within(email).queryByRole('button')).not.toBeInTheDocument();
  });

  it('change password: a wrong current password under its field; then the fresh session replaces this one', async () => {
    let right = false;
    const { api } = renderAccount(ada, {
      'POST /auth/password/change': () =>
        right
          ? jsonResponse({ token: 'tok-2', user: ada })
          : problemResponse(400, 'The password is not correct.', { currentPassword: 'The password is not correct.' }),
    });
    const form = within(await card('Change password'));
    await userEvent.type(form.getByLabelText(/^Current password/), 'wrong-one');
    await userEvent.type(form.getByLabelText(/^New password/), 'new-secret');
    await userEvent.click(form.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() => expect(form.getByLabelText(/^Current password/)).toHaveAccessibleDescription('The password is not correct.'));
    expect(window.localStorage.getItem('accessToken')).toBe('tok-1');
    right = true;
    await userEvent.clear(form.getByLabelText(/^Current password/));
    await userEvent.type(form.getByLabelText(/^Current password/), 'secret1');
    await userEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was changed. Your other sessions were signed out.')).toBeInTheDocument();
    expect(window.localStorage.getItem('accessToken')).toBe('tok-2');
    expect(api.calls.filter((c) => c.path === '/auth/password/change').at(-1)?.body).toEqual({ currentPassword: 'secret1', password: 'new-secret' });
    expect(form.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('sign out everywhere: after a confirmation the session ends, and the dashboard’s guard opens /login saying why', async () => {
    const api = fakeApi({ 'GET /auth/me': () => jsonResponse({ user: ada }), 'POST /auth/sign-out-everywhere': () => new Response(null, { status: 204 }) });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(
      <Routes>
        <Route element={<RequireAuth />}>
          <Route path="/dashboard/account" element={<AccountSettings />} />
        </Route>
        <Route path="*" element={null} />
      </Routes>,
      { route: '/dashboard/account' },
    );
    await userEvent.click(within(await card('Sign out everywhere')).getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out on every device?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toMatchObject({
      reason: 'signed-out-everywhere',
      from: { pathname: '/dashboard/account' },
    });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(api.calls.filter((c) => c.path === '/auth/sign-out-everywhere')).toHaveLength(1);
  });

  it('delete account: says what stays, asks for the password; a wrong one is said under it; then the account and session go', async () => {
    let right = false;
    const { api } = renderAccount(ada, {
      'DELETE /account': () =>
        right
          ? jsonResponse({ acknowledged: true, deletedCount: 1 })
          : problemResponse(400, 'The password is not correct.', { password: 'The password is not correct.' }),
    });
    const section = within(await card('Delete account'));
    expect(section.getByText(/Paid orders stay for our accounts and tax records/)).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'What we keep, and why' })).toHaveAttribute('href', '/privacy');
    await userEvent.click(section.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(dialog.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is Required');
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await userEvent.type(dialog.getByLabelText(/^Password/), 'wrong-one');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Also delete my reviews' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(dialog.getByLabelText(/^Password/)).toHaveAccessibleDescription('The password is not correct.'));
    expect(window.localStorage.getItem('accessToken')).toBe('tok-1');
    right = true;
    await userEvent.clear(dialog.getByLabelText(/^Password/));
    await userEvent.type(dialog.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByText('Your account was deleted.')).toBeInTheDocument();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'DELETE').at(-1)).toMatchObject({ path: '/account', body: { password: 'secret1', deleteReviews: true } });
  });

  it('a Google account confirms its deletion with Google, not a password', async () => {
    renderAccount({ ...ada, provider: 'google', emailVerified: true });
    await userEvent.click(within(await card('Delete account')).getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    expect(dialog.getByText('This cannot be undone. Continue with Google to confirm.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(dialog.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('two-step sign-in: turned on with the key and QR code and a first code; the recovery codes shown once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    // As the server does: once confirmed, the account reads `mfa: true`, and the
    // refetch of it must not take the recovery codes (shown this once) away.
    let on = false;
    const { api } = renderAccount({ ...ada, emailVerified: true, mfa: false }, {
      'GET /auth/me': () => jsonResponse({ user: { ...ada, emailVerified: true, mfa: on } }),
      'POST /account/mfa/totp': () => jsonResponse({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Shop:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Shop' }),
      'POST /account/mfa/totp/confirm': () => {
        on = true;
        return jsonResponse({ recoveryCodes: codes });
      },
      'GET /account/sessions': () => jsonResponse([]),
    });
    const two = within(await card('Two-step sign-in'));
    expect(two.getByText('Off')).toBeInTheDocument();
    await userEvent.click(two.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await two.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(await two.findByAltText('QR code for your authenticator app')).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    await userEvent.type(two.getByLabelText(/^Code from the app/), '123456');
    await userEvent.click(two.getByRole('button', { name: 'Turn on' }));
    const list = await two.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    expect(await screen.findByText('Two-step sign-in is on. Your other sessions were signed out.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/account/mfa/totp/confirm').at(-1)?.body).toEqual({ code: '123456' });
    // The account's refetch (now on) keeps the codes until they are put away.
    await vi.waitFor(() => expect(two.getByText('On', { exact: true })).toBeInTheDocument());
    expect(two.getByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    await userEvent.click(two.getByRole('button', { name: 'I have kept them' }));
    expect(two.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('signed-in devices: each listed with this one marked; another is signed out', async () => {
    let sessions = [
      { _id: 's2', createdAt: '2026-11-02T10:00:00Z', lastUsedAt: '2026-11-02T11:00:00Z', userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile', ip: '10.0.0.2', current: false },
      { _id: 's1', createdAt: '2026-11-01T10:00:00Z', lastUsedAt: '2026-11-02T11:30:00Z', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', ip: '127.0.0.1', current: true },
    ];
    const { api } = renderAccount(ada, {
      'GET /account/sessions': () => jsonResponse(sessions),
      'DELETE /account/sessions/s2': () => {
        sessions = sessions.filter((s) => s._id !== 's2');
        return new Response(null, { status: 204 });
      },
    });
    const devices = within(await screen.findByRole('list', { name: 'Your sessions' }));
    const rows = devices.getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Chrome on Android'), expect.stringContaining('Firefox on Linux')]);
    expect(within(rows[1]!).getByText('This device')).toBeInTheDocument();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^Sign out Chrome on Android/ }));
    expect(await screen.findByText('That device is signed out.')).toBeInTheDocument();
    await vi.waitFor(() => expect(devices.getAllByRole('listitem')).toHaveLength(1));
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/account/sessions/s2')).toBe(true);
  });
});
