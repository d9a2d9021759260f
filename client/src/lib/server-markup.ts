import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the app's first render is taking over markup that was already in
 * the page: a route prerendered at build time (hydrated), or the product page
 * the server rendered (replaced). main.tsx sets it, the first navigation ends it.
 *
 * Parts that normally wait (LazyOnVisible with `prerendered`) render at once
 * then, as the server did, so the first render matches the markup it takes over.
 */
/** How the app takes over the server's markup: hydrating it (prerendered routes) or replacing it (the product page). */
export type ServerMarkupMode = 'hydrate' | 'replace';

let startPath: string | null = null;
let startMode: ServerMarkupMode | null = null;

/** How the app took over the server's markup of the path it still shows; null once it has navigated (or when there was none). */
export function serverMarkupMode(): ServerMarkupMode | null {
  return startPath !== null && typeof window !== 'undefined' && window.location.pathname === startPath ? startMode : null;
}

/**
 * main.tsx: the first render takes over the server's markup of `pathname`.
 * (Not reset after that render: React hydrates Suspense boundaries in later
 * passes, and their LazyOnVisible parts must render as the server did too.)
 */
export function startFromServerMarkup(pathname: string, mode: ServerMarkupMode): void {
  startPath = pathname;
  startMode = mode;
}

/** The layout, on every navigation: a new path has no server markup. */
export function leaveServerMarkup(pathname: string): void {
  if (pathname !== startPath) startPath = null;
}

/** Rendering on a server (the build's prerender step), not in a browser. */
export const isServer = typeof window === 'undefined';

const subscribeToNothing = () => () => {};

/**
 * False on the server and during hydration, true afterwards (and at once in a
 * browser render that hydrates nothing): for parts the prerendered HTML leaves
 * out, such as a chart, whose place holder it shows instead.
 */
export function useIsBrowserRender(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * Queries the server answered in the page it rendered (`<script id="ssr-queries"
 * type="application/json">`, a list of `{queryKey, data}`: the Go server's home
 * page carries its featured products): into the query cache before the first
 * render, so that the hydrating render shows what the server's markup shows.
 *
 * Content that is not such a list seeds nothing: the queries then fetch, and
 * the app still starts.
 */
export function seedServerQueries(queryClient: QueryClient): void {
  const json = document.getElementById('ssr-queries')?.textContent;
  if (!json) return;
  let entries: unknown;
  try {
    entries = JSON.parse(json);
  } catch {
    return;
  }
  if (!Array.isArray(entries)) return;
  for (const entry of entries as { queryKey?: unknown; data?: unknown }[]) {
    if (Array.isArray(entry?.queryKey) && entry.data !== undefined) queryClient.setQueryData(entry.queryKey as QueryKey, entry.data);
  }
}
