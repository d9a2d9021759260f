import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { isServer, isStartingFromServerMarkup } from '@/lib/server-markup';

interface LazyOnVisibleProps {
  /** Rendered (typically a React.lazy component) once the placeholder nears the viewport. */
  children: ReactNode;
  /** Shown before that, and while the lazy code loads; give it the final height to avoid layout shift. */
  fallback: ReactNode;
  /** How far ahead of the viewport to start loading. */
  rootMargin?: string;
  /**
   * Part of the build's prerendered HTML (the About text, the footer): the
   * server renders it, and the first render in the browser that takes that
   * markup over renders it too (preload its code first); later it waits as usual.
   */
  prerendered?: boolean;
}

/**
 * Mounts below-the-fold content only when it is about to scroll into view, so
 * its code (and CSS) stay out of the first load. Without IntersectionObserver
 * it mounts at once.
 */
export function LazyOnVisible({ children, fallback, rootMargin = '400px 0px', prerendered = false }: LazyOnVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() =>
    isServer ? prerendered : (prerendered && isStartingFromServerMarkup()) || typeof IntersectionObserver === 'undefined',
  );

  useEffect(() => {
    if (visible || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [visible, rootMargin]);

  if (visible) return <Suspense fallback={fallback}>{children}</Suspense>;
  return <div ref={ref}>{fallback}</div>;
}
