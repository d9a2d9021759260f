import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAccessToken } from '@/lib/auth-token';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { RequireAdmin } from './require-admin';
import { RequireAuth } from './require-auth';

const customer = { _id: '1', email: 'bob@example.com', name: 'Bob', role: '', provider: 'password', createdAt: '' };
const admin = { ...customer, _id: '2', email: 'ann@example.com', name: 'Ann', role: 'admin' };

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route element={<RequireAuth />}>
        <Route path="/dashboard/myorder" element={<h1>My orders page</h1>} />
        <Route element={<RequireAdmin />}>
          <Route path="/dashboard/makeadmin" element={<h1>Make admin page</h1>} />
        </Route>
      </Route>
      <Route path="*" element={null} />
    </Routes>,
    { route: path },
  );
}

const location = () => screen.getByTestId('location').textContent;
const locationState = () => JSON.parse(screen.getByTestId('location-state').textContent || 'null') as unknown;

/** A promise the test settles when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login, remembering the page', () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    renderAt('/dashboard/myorder');
    expect(location()).toBe('/login');
    expect(locationState()).toEqual({ from: { pathname: '/dashboard/myorder', search: '', hash: '' }, reason: null });
    expect(screen.queryByText('My orders page')).not.toBeInTheDocument();
  });

  it('shows the page to a signed-in user', () => {
    window.localStorage.setItem('accessToken', 'tok');
    vi.stubGlobal('fetch', fakeApi({ 'GET /auth/me': () => jsonResponse({ user: customer }) }).fetch);
    renderAt('/dashboard/myorder');
    expect(screen.getByRole('heading', { name: 'My orders page' })).toBeInTheDocument();
  });

  it('a 401 ends the session: back to /login, remembering the page, token gone', async () => {
    window.localStorage.setItem('accessToken', 'stale');
    vi.stubGlobal('fetch', fakeApi({ 'GET /auth/me': () => problemResponse(401, 'Your session is not valid. Please sign in again.') }).fetch);
    renderAt('/dashboard/myorder');
    await vi.waitFor(() => expect(location()).toBe('/login'));
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(locationState()).toMatchObject({ from: { pathname: '/dashboard/myorder' }, reason: 'expired' });
  });

  it('a deliberate sign-out on the page goes home, not to /login', async () => {
    window.localStorage.setItem('accessToken', 'tok');
    vi.stubGlobal('fetch', fakeApi({ 'GET /auth/me': () => jsonResponse({ user: customer }) }).fetch);
    renderAt('/dashboard/myorder');
    act(() => clearAccessToken('signed-out'));
    await vi.waitFor(() => expect(location()).toBe('/'));
  });
});

describe('RequireAdmin', () => {
  it('shows a loader during the check, then sends a customer to /login signed out', async () => {
    window.localStorage.setItem('accessToken', 'tok');
    const check = deferred<Response>();
    const api = fakeApi({ 'GET /auth/me': () => jsonResponse({ user: customer }), 'GET /admin/bob@example.com': () => check.promise });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/dashboard/makeadmin');

    expect(await screen.findByRole('status')).toHaveTextContent('Checking access…');
    await vi.waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/admin/bob%40example.com'));
    expect(location()).toBe('/dashboard/makeadmin');

    check.resolve(jsonResponse({ admin: false }));
    await vi.waitFor(() => expect(location()).toBe('/login'));
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(locationState()).toMatchObject({ from: { pathname: '/dashboard/makeadmin' }, reason: 'not-admin' });
    expect(screen.queryByText('Make admin page')).not.toBeInTheDocument();
  });

  it('shows the page to an admin once the check says so', async () => {
    window.localStorage.setItem('accessToken', 'tok');
    vi.stubGlobal('fetch', fakeApi({ 'GET /auth/me': () => jsonResponse({ user: admin }), 'GET /admin/ann@example.com': () => jsonResponse({ admin: true }) }).fetch);
    renderAt('/dashboard/makeadmin');
    expect(await screen.findByRole('heading', { name: 'Make admin page' })).toBeInTheDocument();
    expect(window.localStorage.getItem('accessToken')).toBe('tok');
  });

  it('sends a signed-out visitor to /login without calling the API', () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/dashboard/makeadmin');
    expect(location()).toBe('/login');
    expect(api.calls).toEqual([]);
  });

  it('when the check cannot run, says so and keeps the session', async () => {
    window.localStorage.setItem('accessToken', 'tok');
    vi.stubGlobal('fetch', fakeApi({ 'GET /auth/me': () => jsonResponse({ user: customer }), 'GET /admin/bob@example.com': () => problemResponse(500, 'Internal error.') }).fetch);
    renderAt('/dashboard/makeadmin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal error.');
    expect(window.localStorage.getItem('accessToken')).toBe('tok');
  });
});
