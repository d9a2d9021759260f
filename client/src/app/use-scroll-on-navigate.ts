import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A new page starts at its top, unless the link points at an anchor on it.
 *
 * The page the app starts on keeps the browser's own position: a reader may
 * have scrolled the server's HTML (prerendered or Go-rendered) before the app
 * took it over, or the browser restored the place on reload or Back. Only its
 * anchor is sought, since client-rendered content was not there for the
 * browser to find. Compared by location rather than a first-run flag, so
 * StrictMode's second effect run is not taken for a navigation.
 */
export function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const here = pathname + hash;
    const first = shown.current === null;
    if (shown.current === here) return;
    shown.current = here;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else if (!first) {
      window.scrollTo(0, 0);
    }
  }, [pathname, hash]);
}
