import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { MainLayout } from '@/features/layout/components/main-layout';
import { leaveServerMarkup } from '@/lib/server-markup';

/** A new page starts at its top, unless the link points at an anchor on it. */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }, [pathname, hash]);
}

/** The layout route: header and footer around every page; pages load lazily. */
export function Root() {
  const { pathname } = useLocation();
  useScrollToTopOnNavigate();
  // Prerendered parts (LazyOnVisible) render at once only on the page whose markup the app took over.
  useEffect(() => leaveServerMarkup(pathname), [pathname]);
  return (
    <MainLayout>
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<LoadingSpinner minHeight="60vh" />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </MainLayout>
  );
}
