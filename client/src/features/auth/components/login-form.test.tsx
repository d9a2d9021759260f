import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { User } from '@/types/api';
import { LoginForm } from './login-form';

const user: User = { _id: '64b7f0c2a1b2c3d4e5f60711', email: 'ada@example.com', name: 'Ada', role: '', provider: 'password', createdAt: '2024-01-01T00:00:00Z' };

afterEach(() => {
  vi.unstubAllGlobals();
});

const email = () => screen.getByLabelText(/^Email/);
const password = () => screen.getByLabelText(/^Password/);
const submit = () => screen.getByRole('button', { name: 'Login' });

describe('LoginForm', () => {
  it('says Email is Required and Password is Required under the empty fields, and sends nothing', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<LoginForm />);
    await userEvent.click(submit());
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
    await userEvent.click(submit());
    expect(email()).toHaveAccessibleDescription('Provide a valid Email');
    expect(password()).toHaveAccessibleDescription('Must be 6 characters or longer');
    expect(screen.queryByText('Email is Required')).not.toBeInTheDocument();
  });

  it('shows the server’s error in red under the form', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'POST /auth/login': () => problemResponse(401, 'Email or password is incorrect.') }).fetch);
    renderWithProviders(<LoginForm />);
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.type(password(), 'wrong-password');
    await userEvent.click(submit());
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Email or password is incorrect.');
    expect(getComputedStyle(error).color).toBe('rgb(179, 38, 30)'); // theme error.main #b3261e
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('shows the rate limit’s message', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'POST /auth/login': () => problemResponse(429, 'Too many attempts. Please try again in 42 seconds.') }).fetch);
    renderWithProviders(<LoginForm />);
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.type(password(), 'secret1');
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 42 seconds.');
  });

  it('signs in: sends the trimmed email and stores the token', async () => {
    const api = fakeApi({ 'POST /auth/login': () => jsonResponse({ token: 'tok-1', user }) });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<LoginForm />);
    await userEvent.type(email(), '  ada@example.com ');
    await userEvent.type(password(), 'secret1');
    await userEvent.click(submit());
    await vi.waitFor(() => expect(window.localStorage.getItem('accessToken')).toBe('tok-1'));
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/auth/login', body: { email: 'ada@example.com', password: 'secret1' } });
  });
});
