import { useSyncExternalStore } from 'react';

/**
 * The session token lives in localStorage.accessToken (DESIGN.md). This module
 * is the only one that touches it; `@/lib/auth` builds the session on top.
 */
const STORAGE_KEY = 'accessToken';
const CHANGE_EVENT = 'storefront:access-token';

/**
 * Why the last session in this tab ended: the user signed out, the server
 * refused the token (401), an admin page found the user is not an admin, or
 * the user signed out on every device. Guards use it to decide between "go
 * home" and "sign in again".
 */
export type SessionEndReason = 'signed-out' | 'expired' | 'not-admin' | 'signed-out-everywhere';

let lastEndReason: SessionEndReason | null = null;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode)
  }
}

export function getAccessToken(): string | null {
  return storage()?.getItem(STORAGE_KEY) || null;
}

export function setAccessToken(token: string): void {
  lastEndReason = null;
  storage()?.setItem(STORAGE_KEY, token);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearAccessToken(reason: SessionEndReason = 'signed-out'): void {
  if (getAccessToken() === null) return;
  lastEndReason = reason;
  storage()?.removeItem(STORAGE_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function getSessionEndReason(): SessionEndReason | null {
  return lastEndReason;
}

/** Calls `onChange` whenever the token changes, in this tab or another. */
export function subscribeToAccessToken(onChange: () => void): () => void {
  // `storage` fires for changes made in other tabs; CHANGE_EVENT for this one.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEY) {
      lastEndReason = null; // whatever happened there, this tab did not sign out on purpose
      onChange();
    }
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The current token; re-renders when it changes. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeToAccessToken, getAccessToken, () => null);
}

export function useIsSignedIn(): boolean {
  return useAccessToken() !== null;
}
