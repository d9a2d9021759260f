import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, renderAtRoute } from '@/testing/test-utils';
import LoginPage from './login';

const user = { _id: '1', email: 'ada@example.com', name: 'Ada', role: '', provider: 'password', createdAt: '' };
const config = { paymentProvider: 'test', stripePublishableKey: '', googleClientId: '' };

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderLogin(state?: unknown) {
  return renderAtRoute('/login', <LoginPage />, { route: { pathname: '/login', state } });
}

async function signIn() {
  await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('/login', () => {
  it('after signing in, goes back to the page the user came from', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /config': () => jsonResponse(config), 'POST /auth/login': () => jsonResponse({ token: 't', user }) }).fetch);
    renderLogin({ from: { pathname: '/dashboard/myorder', search: '?page=2', hash: '' } });
    expect(screen.getByText('Please sign in to continue.')).toBeInTheDocument();
    await signIn();
    expect(await screen.findByText('/dashboard/myorder')).toBeInTheDocument();
  });

  it('without a page to return to, goes home', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /config': () => jsonResponse(config), 'POST /auth/login': () => jsonResponse({ token: 't', user }) }).fetch);
    renderLogin();
    await signIn();
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('never sends the user to another site', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /config': () => jsonResponse(config), 'POST /auth/login': () => jsonResponse({ token: 't', user }) }).fetch);
    renderLogin({ from: { pathname: '//evil.example/x' } });
    await signIn();
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('says why when the session ended', () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /config': () => jsonResponse(config) }).fetch);
    renderLogin({ from: { pathname: '/dashboard' }, reason: 'expired' });
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
  });

  it('links to /register, keeping the page to return to', () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /config': () => jsonResponse(config) }).fetch);
    renderLogin({ from: { pathname: '/purchase/abc' } });
    expect(screen.getByRole('link', { name: 'Create New Account' })).toHaveAttribute('href', '/register');
  });

  it('a signed-in user is sent on at once', () => {
    window.localStorage.setItem('accessToken', 't');
    vi.stubGlobal('fetch', fakeApi({ 'GET /auth/me': () => jsonResponse({ user }) }).fetch);
    renderLogin({ from: { pathname: '/dashboard/addreview' } });
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/addreview');
  });
});
