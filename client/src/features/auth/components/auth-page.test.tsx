import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderAtRoute } from '@/testing/test-utils';
import { AuthPage } from './auth-page';

const user = { _id: '1', email: 'ada@example.com', name: 'Ada', role: '', provider: 'password', createdAt: '' };
const config = { paymentProvider: 'test', stripePublishableKey: '', googleClientId: '' };

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(kind: 'login' | 'register', state?: unknown) {
  return renderAtRoute(`/${kind}`, <AuthPage kind={kind} />, { route: { pathname: `/${kind}`, state } });
}

describe('AuthPage', () => {
  it('/register: the Sign Up form, Continue with Google under it, and a link to /login that keeps the page to return to', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /config': () => jsonResponse(config) }).fetch);
    renderAt('register', { from: { pathname: '/purchase/abc' }, reason: 'expired' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Sign Up' });
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    expect(form.compareDocumentPosition(google) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The reasons to sign in are the login page's to give.
    expect(screen.queryByText('Your session has ended. Please sign in again.')).not.toBeInTheDocument();
    expect(screen.queryByText('Please sign in to continue.')).not.toBeInTheDocument();
    expect(screen.getByText(/Already have an account\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Please Login' })).toHaveAttribute('href', '/login');
    expect(await screen.findByText('Google sign-in is not set up for this store.')).toBeInTheDocument();
  });

  it('/login: the Login form and a link to /register', () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /config': () => jsonResponse(config) }).fetch);
    renderAt('login');
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Name/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Account' })).toHaveAttribute('href', '/register');
  });

  it('a signed-in user on /register is sent on at once', () => {
    window.localStorage.setItem('accessToken', 't');
    vi.stubGlobal('fetch', fakeApi({ 'GET /auth/me': () => jsonResponse({ user }) }).fetch);
    renderAt('register', { from: { pathname: '/dashboard/myorder' } });
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/myorder');
  });

  it('/login for an account with two-step sign-in: the second step asks for the code; a wrong one says so under it; the right one starts the session', async () => {
    window.localStorage.removeItem('accessToken');
    const api = fakeApi({
      'GET /config': () => jsonResponse(config),
      'POST /auth/login': () => jsonResponse({ mfaRequired: true, mfaToken: 'step-2' }),
      'POST /auth/login/mfa': ({ body }) =>
        (body as { code: string }).code === '654321'
          ? jsonResponse({ token: 'tok-mfa', user: { ...user, mfa: true } })
          : problemResponse(400, 'The code is not correct.', { code: 'The code is not correct.' }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('login');
    const login = screen.getByRole('form', { name: 'Login' });
    await userEvent.type(within(login).getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(within(login).getByLabelText(/^Password/), 'secret123');
    await userEvent.click(within(login).getByRole('button', { name: 'Login' }));
    const step = await screen.findByRole('form', { name: 'Two-step sign-in' });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    await userEvent.type(within(step).getByLabelText(/^Code/), '111111');
    await userEvent.click(within(step).getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(within(step).getByLabelText(/^Code/)).toHaveAccessibleDescription('The code is not correct.'));
    await userEvent.clear(within(step).getByLabelText(/^Code/));
    await userEvent.type(within(step).getByLabelText(/^Code/), '654321');
    await userEvent.click(within(step).getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(window.localStorage.getItem('accessToken')).toBe('tok-mfa'));
    expect(api.calls.filter((c) => c.path === '/auth/login/mfa').at(-1)?.body).toEqual({ mfaToken: 'step-2', code: '654321' });
  });
});
