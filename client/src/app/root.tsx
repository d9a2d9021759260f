import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { MainLayout } from '@/features/layout/components/main-layout';
import { leaveServerMarkup } from '@/lib/server-markup';
import { useScrollOnNavigate } from './use-scroll-on-navigate';

/** The layout route: header and footer around every page; pages load lazily. */
export function Root() {
  const { pathname } = useLocation();
  useScrollOnNavigate();
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
