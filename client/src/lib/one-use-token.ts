import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

function stored(key: string): string {
  try {
    return window.sessionStorage.getItem(key) ?? '';
  } catch {
    return ''; // storage blocked: the token lasts as long as the page
  }
}

function store(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // storage blocked: nothing kept
  }
}

/**
 * A one-use link's token (`?token=` of /verify-email and /reset-password):
 * read once, then taken out of the address bar and the history at once
 * (replaced, not pushed), so neither a reload, Back, a restored tab nor the
 * history shows it. The tab keeps it (sessionStorage under `key`) until
 * `forget()`, so a reload before it was used still has it.
 */
export function useOneUseToken(key: string): { token: string; forget: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState(() => {
    const fromUrl = new URLSearchParams(location.search).get('token');
    if (fromUrl) store(key, fromUrl);
    return fromUrl || stored(key);
  });
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has('token')) return;
    params.delete('token');
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, state: location.state as unknown });
  }, [location, navigate]);
  const forget = () => {
    store(key, null);
    setToken('');
  };
  return { token, forget };
}

/** What a one-use link's page keeps for its tab once the link worked (the verified address), so a reload still says so. */
export const oneUseOutcome = {
  read: (key: string): string => stored(key),
  keep: (key: string, value: string): void => store(key, value),
};
