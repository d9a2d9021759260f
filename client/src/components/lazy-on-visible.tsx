import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

interface LazyOnVisibleProps {
  /** Rendered (typically a React.lazy component) once the placeholder nears the viewport. */
  children: ReactNode;
  /** Shown before that, and while the lazy code loads; give it the final height to avoid layout shift. */
  fallback: ReactNode;
  /** How far ahead of the viewport to start loading. */
  rootMargin?: string;
}

/**
 * Mounts below-the-fold content only when it is about to scroll into view, so
 * its code (and CSS) stay out of the first load. Without IntersectionObserver
 * it mounts at once.
 */
export function LazyOnVisible({ children, fallback, rootMargin = '400px 0px' }: LazyOnVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');

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
