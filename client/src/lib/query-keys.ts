import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { productKeys } from './product-keys';

export { productKeys };

/**
 * Every query key of the app, in one place. Each feature's queries live under
 * its own root (`products`, `orders`, ...), and a mutation says what it
 * changed with `invalidate(queryClient, ...)` below, never by writing another
 * feature's key by hand: so a feature can refresh what it changed without
 * importing the feature that shows it.
 *
 * The catalogue's shapes are also the Go server's: it writes
 * `['products', {limit: 5}]` into the home page it serves (prerender/render.tsx).
 */
export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    me: ['auth', 'me'] as const,
    admin: (email: string) => ['auth', 'admin', email] as const,
  },
  config: ['config'] as const,
  products: productKeys,
  categories: ['categories'] as const,
  orders: {
    all: ['orders'] as const,
    /** GET /order?email=: a buyer's orders (lines), as the reviews read what was bought. */
    mine: (params: object) => ['orders', 'mine', params] as const,
    /** GET /groups: a page of purchases (My Orders, Manage Orders). */
    purchases: (params: object) => ['orders', 'purchases', params] as const,
    cancellations: (params: object) => ['orders', 'cancellations', params] as const,
    /** GET /groups/{id}: one purchase (the payment page, the order page). */
    purchase: (id: string) => ['orders', 'purchase', id] as const,
  },
  payment: {
    all: ['payment'] as const,
    /** A purchase's payment intent (not refreshed with the orders: asking for a paid purchase's intent is a 409). */
    intent: (purchaseId: string) => ['payment', 'intent', purchaseId] as const,
  },
  quotes: {
    all: ['quotes'] as const,
    list: (params: object) => ['quotes', params] as const,
  },
  claims: {
    all: ['claims'] as const,
    list: (params: object) => ['claims', params] as const,
  },
  profile: {
    all: ['profile'] as const,
    byEmail: (email: string) => ['profile', email] as const,
  },
  reviews: {
    /** The visible reviews (the home page's carousel); the moderation lists are under it. */
    all: ['reviews'] as const,
    moderation: (params: object) => ['reviews', 'moderation', params] as const,
  },
  sales: {
    all: ['sales'] as const,
    months: (months: number) => ['sales', months] as const,
  },
  users: {
    all: ['users'] as const,
    list: (params: object) => ['users', params] as const,
  },
  messages: {
    all: ['contact-messages'] as const,
    list: (params: object) => ['contact-messages', params] as const,
  },
  outbox: {
    all: ['outbox'] as const,
    list: (params: object) => ['outbox', params] as const,
    mail: (id: string) => ['outbox', 'mail', id] as const,
  },
  notificationSettings: ['account', 'notifications'] as const,
  companies: {
    all: ['companies'] as const,
    list: (params: object) => ['companies', 'list', params] as const,
    one: (id: string) => ['companies', 'one', id] as const,
    /** GET /companies/{id}/purchases: a company's purchases (those awaiting approval: `awaitingApproval`). */
    purchases: (id: string, params: object) => ['companies', 'purchases', id, params] as const,
    statement: (id: string) => ['companies', 'statement', id] as const,
    aging: ['companies', 'aging'] as const,
  },
};

/**
 * What a change touched, in the words of the data, not of the screens that
 * show it. Each names the queries that must be read again.
 */
const touches = {
  /** Stock moved: an order placed or cancelled, a group cancelled, a quote accepted, a claim approved. */
  stock: [queryKeys.products.all, queryKeys.sales.all],
  /** A product added, edited or deleted: the catalogue, the categories' counts, the sales page's low-stock list. */
  catalogue: [queryKeys.products.all, queryKeys.categories, queryKeys.sales.all],
  /** A category added, renamed or deleted (a rename rewrites its products). */
  categories: [queryKeys.categories, queryKeys.products.all],
  /** A purchase placed, paid, shipped or cancelled: every order list, the order page, the payment page, the sales figures. */
  orders: [queryKeys.orders.all, queryKeys.sales.all],
  quotes: [queryKeys.quotes.all],
  claims: [queryKeys.claims.all],
  profile: [queryKeys.profile.all],
  reviews: [queryKeys.reviews.all],
  users: [queryKeys.users.all],
  messages: [queryKeys.messages.all],
  outbox: [queryKeys.outbox.all],
  session: [queryKeys.auth.all],
  companies: [queryKeys.companies.all],
} satisfies Record<string, readonly QueryKey[]>;

export type Change = keyof typeof touches;

/** Marks stale (and refetches where shown) every query that `changes` touched; resolves once those refetches are done. */
export function invalidate(queryClient: QueryClient, ...changes: Change[]): Promise<void> {
  const keys = new Map<string, QueryKey>();
  for (const change of changes) for (const key of touches[change]) keys.set(JSON.stringify(key), key);
  return Promise.all([...keys.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
