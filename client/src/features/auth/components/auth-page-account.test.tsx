import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, renderAtRoute } from '@/testing/test-utils';
import { AuthPage } from './auth-page';

const config = { paymentProvider: 'test', stripePublishableKey: '', googleClientId: '' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/login and the account’s own pages', () => {
  it('/login offers Forgot password?, which opens /forgot-password', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /config': () => jsonResponse(config) }).fetch);
    renderAtRoute('/login', <AuthPage kind="login" />, { route: '/login' });
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
  });

  it('/login says why the sessions ended: a password reset, or signing out everywhere', () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /config': () => jsonResponse(config) }).fetch);
    const { unmount } = renderAtRoute('/login', <AuthPage kind="login" />, { route: { pathname: '/login', state: { notice: 'password-reset' } } });
    expect(screen.getByText('Your password was changed and every session signed out. Please sign in with the new password.')).toBeInTheDocument();
    unmount();
    renderAtRoute('/login', <AuthPage kind="login" />, { route: { pathname: '/login', state: { reason: 'signed-out-everywhere' } } });
    expect(screen.getByText('You were signed out on every device. Sign in again to go on.')).toBeInTheDocument();
  });
});
