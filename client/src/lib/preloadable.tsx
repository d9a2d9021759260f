import { lazy, useState, type ComponentType, type JSX } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Loads the code now; once it is here, new instances render without suspending. */
  preload: () => Promise<void>;
};

/**
 * React.lazy that can be loaded ahead of its first render. A lazy component
 * suspends on its first render even when its module is already loaded; this
 * one renders the module directly once `preload()` has finished, so a first
 * render (hydrating prerendered markup, or replacing the server's product
 * page) shows the page at once instead of a Suspense fallback.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
    }));
  const Lazy = lazy(load) as unknown as ComponentType<P>;
  function Preloaded(props: P): JSX.Element {
    // Fixed per instance: switching from Lazy to the module would remount it.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}
