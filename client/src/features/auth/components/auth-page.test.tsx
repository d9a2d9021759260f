import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, renderAtRoute } from '@/testing/test-utils';
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
});
