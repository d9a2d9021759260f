import type { ComponentType } from 'react';

/** A module whose default export is a component. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a component of any props: the wrapper passes them on as they are
type ComponentModule = { default: ComponentType<any> };

/**
 * Wraps a lazily loaded component that uses MUI in MUI's theme (MuiProvider),
 * loaded alongside it: `lazy(withMui(() => import('./dialog')))`. The parts of
 * the page that load no MUI (the shell, the first screen of `/`) never load
 * the theme or emotion. The module's other exports are kept. One wrapped
 * module per loader, so that every caller renders the same component.
 */
export function withMui<M extends ComponentModule>(load: () => Promise<M>): () => Promise<M> {
  let wrapped: Promise<M> | undefined;
  return () =>
    (wrapped ??= Promise.all([load(), import('./mui-provider')]).then(
      ([loaded, { default: MuiProvider }]) => {
        const Component = loaded.default;
        function WithMui(props: object) {
          return (
            <MuiProvider>
              <Component {...props} />
            </MuiProvider>
          );
        }
        WithMui.displayName = `WithMui(${Component.displayName ?? Component.name})`;
        return { ...loaded, default: WithMui };
      },
      (error: unknown) => {
        // A chunk that failed to load may load on the next attempt.
        wrapped = undefined;
        throw error;
      },
    ));
}
