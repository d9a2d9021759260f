import { useSyncExternalStore } from 'react';

/**
 * The signed-in token lives in localStorage.accessToken (DESIGN.md). Until real
 * sign-in lands, "signed in" means that key is present.
 */
const STORAGE_KEY = 'accessToken';
const CHANGE_EVENT = 'storefront:access-token';

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
  storage()?.setItem(STORAGE_KEY, token);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearAccessToken(): void {
  storage()?.removeItem(STORAGE_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  // `storage` fires for changes made in other tabs; CHANGE_EVENT for this one.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

export function useIsSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => getAccessToken() !== null,
    () => false,
  );
}
