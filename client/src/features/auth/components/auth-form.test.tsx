import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { User } from '@/types/api';
import { AuthForm, LoginForm, RegisterForm } from './auth-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const user: User = { _id: '64b7f0c2a1b2c3d4e5f60711', email: 'ada@example.com', name: 'Ada', role: '', provider: 'password', createdAt: '2024-01-01T00:00:00Z' };

const email = () => screen.getByLabelText(/^Email/);
const password = () => screen.getByLabelText(/^Password/);
const field = (label: RegExp) => screen.getByLabelText(label);
const login = () => screen.getByRole('button', { name: 'Login' });
const signUp = () => screen.getByRole('button', { name: 'Sign Up' });

describe('LoginForm', () => {
  it('says Email is Required and Password is Required under the empty fields, and sends nothing', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<LoginForm />);
    await userEvent.click(login());
    expect(email()).toHaveAccessibleDescription('Email is Required');
    expect(password()).toHaveAccessibleDescription('Password is Required');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
  });

  it('says Provide a valid Email under the email, and Must be 6 characters or longer under the password', async () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    renderWithProviders(<LoginForm />);
    await userEvent.type(email(), 'ada@example');
    await userEvent.type(password(), '12345');
    await userEvent.click(login());
    expect(email()).toHaveAccessibleDescription('Provide a valid Email');
    expect(password()).toHaveAccessibleDescription('Must be 6 characters or longer');
    expect(screen.queryByText('Email is Required')).not.toBeInTheDocument();
  });

  it('shows the server’s error in red under the form', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'POST /auth/login': () => problemResponse(401, 'Email or password is incorrect.') }).fetch);
    renderWithProviders(<LoginForm />);
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.type(password(), 'wrong-password');
    await userEvent.click(login());
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Email or password is incorrect.');
    expect(error).toHaveAttribute('data-severity', 'error'); // the app's one error component (components/ui/error-message), drawn in the error colours
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('shows the rate limit’s message', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'POST /auth/login': () => problemResponse(429, 'Too many attempts. Please try again in 42 seconds.') }).fetch);
    renderWithProviders(<LoginForm />);
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.type(password(), 'secret1');
    await userEvent.click(login());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 42 seconds.');
  });

  it('signs in: sends the trimmed email and stores the token', async () => {
    const api = fakeApi({ 'POST /auth/login': () => jsonResponse({ token: 'tok-1', user }) });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<LoginForm />);
    await userEvent.type(email(), '  ada@example.com ');
    await userEvent.type(password(), 'secret1');
    await userEvent.click(login());
    await vi.waitFor(() => expect(window.localStorage.getItem('accessToken')).toBe('tok-1'));
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/auth/login', body: { email: 'ada@example.com', password: 'secret1' } });
  });
});


describe('RegisterForm', () => {
  it('says Name is Required, Email is Required and Password is Required for an empty form', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<RegisterForm />);
    await userEvent.click(signUp());
    expect(field(/^Name/)).toHaveAccessibleDescription('Name is Required');
    expect(field(/^Email/)).toHaveAccessibleDescription('Email is Required');
    expect(field(/^Password/)).toHaveAccessibleDescription('Password is Required');
    expect(api.calls).toEqual([]);
  });

  it('shows 409’s detail in red under the form', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'POST /auth/register': () => problemResponse(409, 'An account with this email already exists.') }).fetch);
    renderWithProviders(<RegisterForm />);
    await userEvent.type(field(/^Name/), 'Ada');
    await userEvent.type(field(/^Email/), 'ada@example.com');
    await userEvent.type(field(/^Password/), 'secret1');
    await userEvent.click(signUp());
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
  });

  it('puts the server’s per-field messages under the fields', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ 'POST /auth/register': () => problemResponse(400, 'The sign-up form is not valid.', { email: 'Provide a valid Email' }) }).fetch,
    );
    renderWithProviders(<RegisterForm />);
    await userEvent.type(field(/^Name/), 'Ada');
    await userEvent.type(field(/^Email/), 'ada@example.com');
    await userEvent.type(field(/^Password/), 'secret1');
    await userEvent.click(signUp());
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-up form is not valid.');
    expect(field(/^Email/)).toHaveAccessibleDescription('Provide a valid Email');
  });

  it('creates the account and starts the session', async () => {
    const api = fakeApi({
      'POST /auth/register': () =>
        jsonResponse({ token: 'tok-new', user: { _id: '1', email: 'ada@example.com', name: 'Ada', role: '', provider: 'password', createdAt: '' } }, { status: 201 }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<RegisterForm />);
    await userEvent.type(field(/^Name/), ' Ada ');
    await userEvent.type(field(/^Email/), 'ada@example.com');
    await userEvent.type(field(/^Password/), 'secret1');
    await userEvent.click(signUp());
    await vi.waitFor(() => expect(window.localStorage.getItem('accessToken')).toBe('tok-new'));
    expect(api.calls[0]).toMatchObject({ path: '/auth/register', body: { name: 'Ada', email: 'ada@example.com', password: 'secret1' } });
  });
});

describe('AuthForm', () => {
  it('asks for the given fields in order, then the password, with the autocomplete each form needs', () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    const { unmount } = renderWithProviders(<LoginForm />);
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Name/)).not.toBeInTheDocument();
    expect(email()).toHaveAttribute('autocomplete', 'email');
    expect(email()).toHaveAttribute('type', 'email');
    expect(password()).toHaveAttribute('autocomplete', 'current-password');
    unmount();

    renderWithProviders(<RegisterForm />);
    const form = screen.getByRole('form', { name: 'Sign Up' });
    expect([...form.querySelectorAll('input')].map((input) => input.getAttribute('autocomplete'))).toEqual(['name', 'email', 'new-password']);
    expect(field(/^Name/)).toBeRequired();
    expect(password()).toHaveAttribute('type', 'password');
  });

  it('moves the focus to the first field that is wrong', async () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    renderWithProviders(<RegisterForm />);
    await userEvent.type(field(/^Name/), 'Ada');
    await userEvent.click(signUp());
    await vi.waitFor(() => expect(email()).toHaveFocus());
  });

  it('sends only its own fields, trimmed, and the password as typed', async () => {
    const mutate = vi.fn();
    renderWithProviders(
      <AuthForm
        title="Sign in"
        submit="Go"
        fields={['email']}
        passwordAutoComplete="current-password"
        mutation={{ mutate, isPending: false, error: null }}
      />,
    );
    await userEvent.type(email(), ' ada@example.com ');
    await userEvent.type(password(), ' secret1 ');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await vi.waitFor(() => expect(mutate).toHaveBeenCalledOnce());
    expect(mutate.mock.calls[0]![0]).toEqual({ email: 'ada@example.com', password: ' secret1 ' });
  });

  it('while the request is under way, the button shows it and does not send again', () => {
    const mutate = vi.fn();
    renderWithProviders(
      <AuthForm title="Sign in" submit="Go" fields={['email']} passwordAutoComplete="current-password" mutation={{ mutate, isPending: true, error: null }} />,
    );
    expect(screen.getByRole('button', { name: /Go/ })).toBeDisabled();
  });
});
