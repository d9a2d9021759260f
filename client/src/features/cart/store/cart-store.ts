import { useSyncExternalStore } from 'react';

/** A line of the cart: a product and how many pieces. */
export interface CartLine {
  productId: string;
  quantity: number;
}

/**
 * The cart as this browser keeps it (localStorage.cart), for the header's
 * badge and the cart pages. `owner`: `visitor` for a cart gathered signed
 * out (merged into the account's at sign-in, once), `account` for the
 * signed-in account's cart mirrored here (../api/cart-sync.ts keeps it in step
 * with GET/PUT /cart). Kept tiny: the badge is in the first load of `/`.
 */
export interface CartState {
  owner: 'visitor' | 'account';
  lines: CartLine[];
  /** How many lines the sign-in's merge could not keep (a cart holds MAX_CART_LINES): the cart page says so once. */
  dropped?: number;
}

export const CART_KEY = 'cart';

/** The most lines a cart holds (the server's MaxCartLines). */
export const MAX_CART_LINES = 50;
const EMPTY: CartState = { owner: 'visitor', lines: [] };

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: CartState = EMPTY;

function isLine(value: unknown): value is CartLine {
  const v = value as Partial<CartLine> | null;
  return typeof v?.productId === 'string' && typeof v.quantity === 'number' && Number.isInteger(v.quantity) && v.quantity > 0;
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CART_KEY);
  } catch {
    return null; // storage blocked: the cart lasts as long as the page
  }
}

export function getCartState(): CartState {
  const raw = readRaw();
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed = (raw ? JSON.parse(raw) : null) as Partial<CartState> | null;
    cached = {
      owner: parsed?.owner === 'account' ? 'account' : 'visitor',
      lines: Array.isArray(parsed?.lines) ? parsed.lines.filter(isLine) : [],
      ...(typeof parsed?.dropped === 'number' && parsed.dropped > 0 && { dropped: parsed.dropped }),
    };
  } catch {
    cached = EMPTY;
  }
  return cached;
}

/** Replaces the cart (every change goes through here: the sync hears of it). */
export function setCartState(next: CartState): void {
  const raw = JSON.stringify(next);
  try {
    window.localStorage.setItem(CART_KEY, raw);
    cachedRaw = raw;
  } catch {
    cachedRaw = undefined;
  }
  cached = next;
  listeners.forEach((notify) => notify());
}

/** Calls `onChange` at every change, in this tab or another. */
export function subscribeToCart(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_KEY) onChange();
  };
  listeners.add(onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCartState(): CartState {
  return useSyncExternalStore(subscribeToCart, getCartState, () => EMPTY);
}

/** How many products (lines) the cart holds: the header's badge. */
export function useCartCount(): number {
  return useCartState().lines.length;
}
