import { useSyncExternalStore } from 'react';

/**
 * Whether the app's first render is taking over markup that was already in
 * the page: a route prerendered at build time (hydrated), or the product page
 * the server rendered (replaced). main.tsx sets it for that first render only.
 *
 * Parts that normally wait (LazyOnVisible with `prerendered`) render at once
 * then, as the server did, so the first render matches the markup it takes over.
 */
let startedFromServerMarkup = false;

export function isStartingFromServerMarkup(): boolean {
  return startedFromServerMarkup;
}

export function setStartingFromServerMarkup(value: boolean): void {
  startedFromServerMarkup = value;
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
