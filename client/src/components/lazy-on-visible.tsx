import { Suspense, use, useEffect, useRef, useState, type ReactNode } from 'react';
import { isServer, serverMarkupMode } from '@/lib/server-markup';

interface LazyOnVisibleProps {
  /** Rendered (typically a React.lazy component) once the placeholder nears the viewport. */
  children: ReactNode;
  /** Shown before that, and while the lazy code loads; give it the final height to avoid layout shift. */
  fallback: ReactNode;
  /** How far ahead of the viewport to start loading. */
  rootMargin?: string;
  /**
   * Part of the build's prerendered HTML (the About text, the footer): the
   * server renders it. Hydrating that HTML, the browser keeps the server's
   * markup as it is and loads and hydrates it only when it nears the viewport;
   * replacing the server's product page, it renders it at once (its code
   * preloaded). Later, it waits as usual.
   */
  prerendered?: boolean;
}

/** Suspends until `until` resolves: holds a Suspense boundary's server markup un-hydrated. */
function Gate({ until }: { until: Promise<void> }) {
  use(until);
  return null;
}

/**
 * Mounts below-the-fold content only when it is about to scroll into view, so
 * its code (and CSS) stay out of the first load. Without IntersectionObserver
 * it mounts at once.
 */
export function LazyOnVisible({ children, fallback, rootMargin = '400px 0px', prerendered = false }: LazyOnVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [mode] = useState(() => (!prerendered ? null : isServer ? 'server' : serverMarkupMode()));
  const [visible, setVisible] = useState(() => mode === 'server' || mode === 'replace' || (!isServer && typeof IntersectionObserver === 'undefined'));
  const [gate] = useState(() => {
    let open = () => {};
    const until = new Promise<void>((resolve) => (open = resolve));
    return { until, open };
  });

  // Hydrating: a re-render after mount (a navigation, say) would update the boundary the gate holds,
  // and React would hold that update (a navigation's transition) until the boundary hydrates. So any
  // re-render opens the gate (resolving a promise: harmless if this render is thrown away).
  const mounted = useRef(false);
  if (mode === 'hydrate' && mounted.current) gate.open();
  useEffect(() => {
    mounted.current = true;
  }, []);

  useEffect(() => {
    if (visible || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          // Hydrating: the gate's promise lets React retry the boundary (a re-render from here would
          // make React give up on hydrating it and render it anew).
          if (mode === 'hydrate') gate.open();
          else setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [visible, rootMargin, gate, mode]);

  if (!prerendered) {
    if (visible) return <Suspense fallback={fallback}>{children}</Suspense>;
    return <div ref={ref}>{fallback}</div>;
  }
  // Prerendered: the same wrapper on the server and in the browser, so the markup matches.
  return (
    <div ref={ref}>
      {visible || mode === 'hydrate' ? (
        <Suspense fallback={fallback}>
          {mode === 'hydrate' && <Gate until={gate.until} />}
          {children}
        </Suspense>
      ) : (
        fallback
      )}
    </div>
  );
}
