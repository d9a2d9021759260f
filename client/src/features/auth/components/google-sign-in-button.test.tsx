import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { GoogleIdConfiguration } from '../utils/google-identity';
import { GoogleSignInButton } from './google-sign-in-button';

const user = { _id: '1', email: 'ada@gmail.com', name: 'Ada', role: '', provider: 'google', createdAt: '' };

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.google;
});

function config(googleClientId: string) {
  return () => jsonResponse({ paymentProvider: 'test', stripePublishableKey: '', googleClientId });
}

/** Stands in for Google's script (tests never load it): records the configuration, draws a button. */
function fakeGoogle() {
  const google = { config: undefined as GoogleIdConfiguration | undefined, rendered: 0 };
  window.google = {
    accounts: {
      id: {
        initialize: (c) => {
          google.config = c;
        },
        renderButton: (parent) => {
          google.rendered += 1;
          parent.innerHTML = '<div role="button">Continue with Google (Google)</div>';
        },
      },
    },
  };
  return google;
}

describe('GoogleSignInButton', () => {
  it('without a Google client id: a disabled button that says why, and no script', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /config': config('') }).fetch);
    renderWithProviders(<GoogleSignInButton context="signin" />);
    const button = screen.getByRole('button', { name: 'Continue with Google' });
    expect(button).toBeDisabled();
    expect(await screen.findByText('Google sign-in is not set up for this store.')).toBeInTheDocument();
    expect(button).toHaveAccessibleDescription('Google sign-in is not set up for this store.');
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('with a client id: renders Google’s button and sends its credential to POST /auth/google', async () => {
    const google = fakeGoogle();
    const api = fakeApi({ 'GET /config': config('client-123.apps.googleusercontent.com'), 'POST /auth/google': () => jsonResponse({ token: 'g-tok', user }) });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<GoogleSignInButton context="signin" />);
    expect(await screen.findByText('Continue with Google (Google)')).toBeInTheDocument();
    expect(google.config?.client_id).toBe('client-123.apps.googleusercontent.com');
    expect(google.rendered).toBe(1);

    act(() => google.config!.callback({ credential: 'id-token-from-google' }));
    await vi.waitFor(() => expect(window.localStorage.getItem('accessToken')).toBe('g-tok'));
    expect(api.calls.find((c) => c.path === '/auth/google')?.body).toEqual({ credential: 'id-token-from-google' });
  });

  it('shows the server’s refusal under the button', async () => {
    const google = fakeGoogle();
    vi.stubGlobal(
      'fetch',
      fakeApi({ 'GET /config': config('client-123'), 'POST /auth/google': () => problemResponse(401, 'Google sign-in could not be verified.') }).fetch,
    );
    renderWithProviders(<GoogleSignInButton context="signup" />);
    await screen.findByText('Continue with Google (Google)');
    act(() => google.config!.callback({ credential: 'bad' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in could not be verified.');
  });
});
