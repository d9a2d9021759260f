import { useSyncExternalStore } from 'react';

/** A product in the customer's quote list, with what the list page shows of it. */
export interface QuoteListItem {
  productId: string;
  name: string;
  image: string;
  price: number;
  minimumquantity: number;
  avaialbequantit: number;
  quantity: number;
}

/**
 * The quote list lives in localStorage, so it survives signing in (a
 * signed-out visitor gathers items, then signs in to send them) and moving
 * between /products, product pages and /quote.
 */
export const QUOTE_LIST_KEY = 'quoteList';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: QuoteListItem[] = [];

function isItem(value: unknown): value is QuoteListItem {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.productId === 'string' && typeof v.name === 'string' && typeof v.quantity === 'number';
}

export function readQuoteList(): QuoteListItem[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(QUOTE_LIST_KEY);
  } catch {
    raw = null;
  }
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cached = Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    cached = [];
  }
  return cached;
}

function write(items: QuoteListItem[]) {
  try {
    if (items.length === 0) window.localStorage.removeItem(QUOTE_LIST_KEY);
    else window.localStorage.setItem(QUOTE_LIST_KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked: the list lasts as long as the page.
  }
  listeners.forEach((notify) => notify());
}

/** The most products one quote request may list (the server's limit). */
export const MAX_QUOTE_ITEMS = 20;

/** Adds a product (at its minimum order) unless it is there already; false when the list is full. */
export function addToQuoteList(product: Omit<QuoteListItem, 'quantity'>, quantity = Math.max(1, product.minimumquantity)): boolean {
  const items = readQuoteList();
  if (items.some((item) => item.productId === product.productId)) return true;
  if (items.length >= MAX_QUOTE_ITEMS) return false;
  write([...items, { ...product, quantity }]);
  return true;
}

export function setQuoteQuantity(productId: string, quantity: number) {
  write(readQuoteList().map((item) => (item.productId === productId ? { ...item, quantity } : item)));
}

export function removeFromQuoteList(productId: string) {
  write(readQuoteList().filter((item) => item.productId !== productId));
}

export function clearQuoteList() {
  write([]);
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab changed the list.
  const onStorage = (event: StorageEvent) => {
    if (event.key === QUOTE_LIST_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

const empty: QuoteListItem[] = [];

/** The quote list, kept current. (Empty on a server render: the list is the browser's.) */
export function useQuoteList(): QuoteListItem[] {
  return useSyncExternalStore(subscribe, readQuoteList, () => empty);
}
