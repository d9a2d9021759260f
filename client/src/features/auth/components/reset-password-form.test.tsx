import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ResetPasswordPage from '@/app/routes/reset-password';
import { fakeApi, jsonResponse, problemResponse, renderAtRoute } from '@/testing/test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWpr';
const password = () => screen.getByLabelText(/^New password/);
const confirm = () => screen.getByLabelText(/^Repeat the new password/);
const submit = () => screen.getByRole('button', { name: 'Set the new password' });

function SearchProbe() {
  return <p data-testid="search">{`search: ${useLocation().search}`}</p>;
}

function renderPage(search = `?token=${TOKEN}`) {
  return renderAtRoute(
    '/reset-password',
    <>
      <ResetPasswordPage />
      <SearchProbe />
    </>,
    { route: `/reset-password${search}` },
  );
}

describe('ResetPasswordPage', () => {
  it('without a token says where the page comes from and links to a new request', () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    renderPage('');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByText(/opens from the link in the e-mail/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('takes the token out of the address and the history at once; a reload before it is used still has it', async () => {
    const api = fakeApi({ 'POST /auth/password/reset': () => jsonResponse({ email: 'ada@example.com' }) });
    vi.stubGlobal('fetch', api.fetch);
    const { unmount } = renderPage();
    expect(screen.getByTestId('search').textContent).toBe('search: ');
    unmount();
    renderPage(''); // the reload: the address has no token now
    await userEvent.type(password(), 'new-secret');
    await userEvent.type(confirm(), 'new-secret');
    await userEvent.click(submit());
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(api.calls.find((c) => c.path === '/auth/password/reset')?.body).toEqual({ token: TOKEN, password: 'new-secret' });
    expect(window.sessionStorage.length).toBe(0); // used: forgotten
  });

  it('asks for the password twice, the same, and at least 6 characters, before sending', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    await userEvent.type(password(), '12345');
    await userEvent.type(confirm(), '123456');
    await userEvent.click(submit());
    expect(password()).toHaveAccessibleDescription('Must be 6 characters or longer');
    expect(confirm()).toHaveAccessibleDescription('The two passwords are not the same');
    expect(api.calls).toEqual([]);
  });

  it('sets the password with the token, ends this browser’s session and opens /login saying why', async () => {
    window.localStorage.setItem('accessToken', 'old-session');
    const api = fakeApi({ 'POST /auth/password/reset': () => jsonResponse({ email: 'ada@example.com' }), 'GET /auth/me': () => problemResponse(401, 'x') });
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    await userEvent.type(password(), 'new-secret');
    await userEvent.type(confirm(), 'new-secret');
    await userEvent.click(submit());
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({ notice: 'password-reset' });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(api.calls.find((c) => c.path === '/auth/password/reset')?.body).toEqual({ token: TOKEN, password: 'new-secret' });
  });

  it('a used or expired link: the server’s words and a way to ask for a new one', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'POST /auth/password/reset': () =>
          problemResponse(400, 'This link has been used, has expired or is not valid. Please ask for a new one.', { token: 'is used, expired or not valid' }),
      }).fetch,
    );
    renderPage();
    await userEvent.type(password(), 'new-secret');
    await userEvent.type(confirm(), 'new-secret');
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has been used, has expired or is not valid.');
    expect(screen.getAllByRole('link', { name: 'Ask for a new link' })[0]).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password');
  });
});
