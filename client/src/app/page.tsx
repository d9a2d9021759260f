import type { ComponentType, ReactElement } from 'react';
import { preloadable } from '@/lib/preloadable';
import { withMui } from '@/lib/with-mui';

/** What a page module may export besides its page: the code of its prerendered parts (see preloadRoute). */
type PageModule = { default: ComponentType; preloadPrerendered?: () => Promise<unknown> };

const preloads = new WeakMap<ReactElement, (withPrerendered: boolean) => Promise<unknown>>();

/**
 * Every page is its own chunk: only the shell and the current page are in the
 * first load. A page drawn with MUI loads MUI's theme with it (withMui); `/`
 * and the product page (plainPage) are drawn without MUI, so that their first
 * load has none.
 */
export function page(load: () => Promise<PageModule>) {
  return plainPage(withMui(load));
}

/** A page drawn without MUI (CSS modules): no MUI theme around it. */
export function plainPage(load: () => Promise<PageModule>) {
  const Page = preloadable(load);
  const element = <Page />;
  preloads.set(element, (withPrerendered) =>
    Promise.all([Page.preload(), withPrerendered && load().then((module) => module.preloadPrerendered?.())]),
  );
  return element;
}

/** Loads the code of the page a route element draws (page or plainPage); nothing for other elements. */
export function preloadPage(element: unknown, withPrerendered: boolean): Promise<unknown> {
  return preloads.get(element as ReactElement)?.(withPrerendered) ?? Promise.resolve();
}
