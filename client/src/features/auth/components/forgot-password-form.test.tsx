import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { ForgotPasswordForm } from './forgot-password-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ACCEPTED = { message: 'If an account uses this address, we have sent it a link to choose a new password. The link works for 30 minutes.' };
const email = () => screen.getByLabelText(/^Email/);
const send = () => screen.getByRole('button', { name: 'Send the link' });

describe('ForgotPasswordForm', () => {
  it('checks the address before sending anything', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<ForgotPasswordForm />);
    await userEvent.click(send());
    expect(email()).toHaveAccessibleDescription('Email is Required');
    await userEvent.type(email(), 'ada@example');
    await userEvent.click(send());
    expect(email()).toHaveAccessibleDescription('Provide a valid Email');
    expect(api.calls).toEqual([]);
  });

  it('sends the trimmed address and says the same whatever the server knows, with a way to ask again', async () => {
    const api = fakeApi({ 'POST /auth/password/forgot': () => jsonResponse(ACCEPTED, { status: 202 }) });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<ForgotPasswordForm />);
    await userEvent.type(email(), '  ada@example.com ');
    await userEvent.click(send());
    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent('Check your e-mail');
    expect(sent).toHaveTextContent('If an account uses ada@example.com, we have sent it a link to choose a new password. The link works for 30 minutes.');
    expect(api.calls).toEqual([{ method: 'POST', path: '/auth/password/forgot', body: { email: 'ada@example.com' }, authorization: null }]);
    await userEvent.click(screen.getByRole('button', { name: 'Ask again' }));
    expect(send()).toBeInTheDocument(); // the form again, with the address
    expect(email()).toHaveValue('ada@example.com');
  });

  it('shows the rate limit’s message', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'POST /auth/password/forgot': () => problemResponse(429, 'Too many attempts. Please try again in 60 seconds.') }).fetch);
    renderWithProviders(<ForgotPasswordForm />);
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 60 seconds.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
