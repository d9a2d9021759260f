import { api, unwrap } from '@/lib/api-client';
import { getAccessToken, subscribeToAccessToken } from '@/lib/auth-token';
import { getCartState, MAX_CART_LINES, setCartState, subscribeToCart, type CartLine, type CartState } from '../store/cart-store';

/**
 * The browser's cart merged into the account's at sign-in: lines of the same
 * product add their quantities (the guest cart's items join the saved cart's,
 * as Adobe Commerce's mergeCarts documents it); the account's lines come
 * first. A sum can pass the stock: the cart page then says so line by line.
 */
export function mergeCarts(account: readonly CartLine[], browser: readonly CartLine[]): CartLine[] {
  return mergeAll(account, browser).slice(0, MAX_CART_LINES);
}

/** The merge before the cart's limit: the lines beyond MAX_CART_LINES are the ones it drops. */
function mergeAll(account: readonly CartLine[], browser: readonly CartLine[]): CartLine[] {
  const merged = account.map((line) => ({ ...line }));
  for (const line of browser) {
    const same = merged.find((m) => m.productId === line.productId);
    if (same) same.quantity += line.quantity;
    else merged.push({ ...line });
  }
  return merged;
}

/** How long the cart waits after a change before sending it: typing a quantity sends one PUT, not one a key. */
export const CART_PUSH_DELAY_MS = 500;

function sameLines(a: readonly CartLine[], b: readonly CartLine[]): boolean {
  return a.length === b.length && a.every((line, i) => line.productId === b[i]?.productId && line.quantity === b[i]?.quantity);
}

export function getAccountCart(signal?: AbortSignal): Promise<CartLine[]> {
  return unwrap(api.GET('/cart', { signal })).then((cart) => cart.items);
}

export function putAccountCart(items: CartLine[]): Promise<CartLine[]> {
  return unwrap(api.PUT('/cart', { body: { items } })).then((cart) => cart.items);
}

/**
 * Keeps the browser's cart and the account's (GET/PUT /cart) in step while
 * signed in: at sign-in (or a signed-in start) the account's cart is read and
 * a visitor's cart merged into it; each later change is sent; signing out
 * empties the browser's cart (it stays on the account). Requests run one at
 * a time, in order. Returns the stop function.
 */
export function startCartSync(): () => void {
  let token = getAccessToken();
  let loading = false;
  let chain: Promise<unknown> = Promise.resolve();
  // The state this module wrote last: its own writes are not changes to send.
  let applied: CartState | undefined;
  const apply = (state: CartState) => {
    applied = state;
    setCartState(state);
  };
  const enqueue = (task: () => Promise<unknown>) => {
    chain = chain.then(task).catch(() => {
      // The account's cart stays as it was; the next change or sign-in sends it again.
    });
  };

  const load = () =>
    enqueue(async () => {
      loading = true;
      try {
        const before = getCartState();
        const server = await getAccountCart();
        const now = getCartState();
        let lines: CartLine[];
        let dropped = 0;
        if (now.owner === 'visitor') {
          const all = mergeAll(server, now.lines);
          lines = all.slice(0, MAX_CART_LINES);
          dropped = all.length - lines.length; // told on the cart page, not dropped without a word
        } else if (now !== before) lines = now.lines; // changed while it loaded: the latest change wins
        else lines = server;
        apply({ owner: 'account', lines, ...(dropped > 0 && { dropped }) });
        if (!sameLines(lines, server)) await putAccountCart(lines);
      } finally {
        loading = false;
      }
    });
  // Changes are sent once they stop for CART_PUSH_DELAY_MS (the last state then), or at once when the tab is hidden.
  let pushTimer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    pushTimer = undefined;
    enqueue(async () => {
      if (getAccessToken()) await putAccountCart(getCartState().lines);
    });
  };
  const push = () => {
    clearTimeout(pushTimer);
    pushTimer = setTimeout(send, CART_PUSH_DELAY_MS);
  };
  const flush = () => {
    if (pushTimer === undefined) return;
    clearTimeout(pushTimer);
    send();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHidden);

  if (token) load();
  const stopToken = subscribeToAccessToken(() => {
    const next = getAccessToken();
    if (next === token) return;
    token = next;
    clearTimeout(pushTimer); // a change not sent yet belonged to the session that ended (or is superseded by the load)
    pushTimer = undefined;
    if (next) load();
    else apply({ owner: 'visitor', lines: [] });
  });
  const stopCart = subscribeToCart(() => {
    const state = getCartState();
    if (state === applied || loading || !token || state.owner !== 'account') return;
    push();
  });
  return () => {
    flush();
    document.removeEventListener('visibilitychange', onHidden);
    stopToken();
    stopCart();
  };
}
