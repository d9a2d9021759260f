import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAccessToken, setAccessToken } from '@/lib/auth-token';
import { getCartState, setCartState } from '../store/cart-store';
import { fakeApi, jsonResponse } from '@/testing/test-utils';
import { CART_PUSH_DELAY_MS, mergeCarts, startCartSync } from './cart-sync';

const A = '64b7f0c2a1b2c3d4e5f60001';
const B = '64b7f0c2a1b2c3d4e5f60002';
const C = '64b7f0c2a1b2c3d4e5f60003';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('mergeCarts', () => {
  it('adds the quantities of a product in both carts, the account’s lines first', () => {
    expect(
      mergeCarts(
        [
          { productId: A, quantity: 2 },
          { productId: B, quantity: 5 },
        ],
        [
          { productId: C, quantity: 1 },
          { productId: A, quantity: 3 },
        ],
      ),
    ).toEqual([
      { productId: A, quantity: 5 },
      { productId: B, quantity: 5 },
      { productId: C, quantity: 1 },
    ]);
  });
});

function serverCart(initial: { productId: string; quantity: number }[]) {
  let items = initial;
  const fake = fakeApi({
    'GET /cart': () => jsonResponse({ items }),
    'PUT /cart': ({ body }) => {
      items = (body as { items: typeof items }).items;
      return jsonResponse({ items });
    },
  });
  vi.stubGlobal('fetch', fake.fetch);
  return { fake, items: () => items };
}

describe('startCartSync', () => {
  it('at sign-in merges the visitor’s cart into the account’s, sends the merged cart once, and follows later changes', async () => {
    const server = serverCart([{ productId: A, quantity: 2 }]);
    setCartState({ owner: 'visitor', lines: [{ productId: A, quantity: 3 }, { productId: B, quantity: 1 }] });
    const stop = startCartSync();
    setAccessToken('tok');
    await vi.waitFor(() => expect(getCartState().owner).toBe('account'));
    await vi.waitFor(() => expect(server.items()).toEqual([{ productId: A, quantity: 5 }, { productId: B, quantity: 1 }]));
    expect(getCartState().lines).toEqual(server.items());
    expect(server.fake.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);

    setCartState({ ...getCartState(), lines: [{ productId: B, quantity: 1 }] });
    await vi.waitFor(() => expect(server.items()).toEqual([{ productId: B, quantity: 1 }]));
    expect(server.fake.calls.at(-1)?.authorization).toBe('Bearer tok');
    stop();
  });

  it('a signed-in start takes the account’s cart as it is (no second merge), and signing out empties the browser’s cart', async () => {
    const server = serverCart([{ productId: C, quantity: 4 }]);
    window.localStorage.setItem('accessToken', 'tok');
    setCartState({ owner: 'account', lines: [{ productId: C, quantity: 4 }] });
    const stop = startCartSync();
    await vi.waitFor(() => expect(server.fake.calls.some((c) => c.method === 'GET' && c.path === '/cart')).toBe(true));
    await vi.waitFor(() => expect(getCartState()).toEqual({ owner: 'account', lines: [{ productId: C, quantity: 4 }] }));
    expect(server.fake.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    clearAccessToken('signed-out');
    expect(getCartState()).toEqual({ owner: 'visitor', lines: [] });
    expect(server.items()).toEqual([{ productId: C, quantity: 4 }]);
    stop();
  });

  it('a quantity typed key by key sends one PUT, with the last value, once the changes stop', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = serverCart([{ productId: A, quantity: 1 }]);
    window.localStorage.setItem('accessToken', 'tok');
    setCartState({ owner: 'account', lines: [{ productId: A, quantity: 1 }] });
    const stop = startCartSync();
    await vi.waitFor(() => expect(server.fake.calls.some((c) => c.method === 'GET')).toBe(true));
    for (const quantity of [1, 12, 120]) setCartState({ owner: 'account', lines: [{ productId: A, quantity }] });
    await vi.advanceTimersByTimeAsync(CART_PUSH_DELAY_MS - 50);
    expect(server.fake.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    await vi.waitFor(() => expect(server.fake.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(server.items()).toEqual([{ productId: A, quantity: 120 }]);
    stop();
  });

  it('a merge past 50 lines keeps the first 50 and says how many it could not add', async () => {
    const lines = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ productId: `64b7f0c2a1b2c3d4e5f6${String(from + i).padStart(4, '0')}`, quantity: 1 }));
    serverCart(lines(0, 30));
    setCartState({ owner: 'visitor', lines: lines(100, 23) });
    const stop = startCartSync();
    setAccessToken('tok');
    await vi.waitFor(() => expect(getCartState().owner).toBe('account'));
    expect(getCartState().lines).toHaveLength(50);
    expect(getCartState().dropped).toBe(3);
    stop();
  });
});
