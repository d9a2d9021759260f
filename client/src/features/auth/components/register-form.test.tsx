import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { RegisterForm } from './register-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = (label: RegExp) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Sign Up' });

describe('RegisterForm', () => {
  it('says Name is Required, Email is Required and Password is Required for an empty form', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<RegisterForm />);
    await userEvent.click(submit());
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
    await userEvent.click(submit());
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
    await userEvent.click(submit());
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
    await userEvent.click(submit());
    await vi.waitFor(() => expect(window.localStorage.getItem('accessToken')).toBe('tok-new'));
    expect(api.calls[0]).toMatchObject({ path: '/auth/register', body: { name: 'Ada', email: 'ada@example.com', password: 'secret1' } });
  });
});
