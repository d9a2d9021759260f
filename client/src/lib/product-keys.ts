/**
 * The catalogue's query keys, part of lib/query-keys.ts (where every other key
 * is), kept in a module of their own because the first load of `/` and of a
 * product page holds them: query-keys.ts itself loads with the pages that
 * change data.
 */
export const productKeys = {
  /** Every catalogue query (lists, single products, the cart's lines) starts with this. */
  all: ['products'] as const,
  list: (params: object) => ['products', params] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  /** A cart's lines, read in one request (GET /service?ids=). */
  byIds: (ids: readonly string[]) => ['products', 'ids', ids] as const,
};

