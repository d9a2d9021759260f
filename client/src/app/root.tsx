import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { paths } from '@/config/paths';
import { MainLayout } from '@/features/layout/components/main-layout';
import { useIsSignedIn } from '@/lib/auth-token';
import { withMui } from '@/lib/with-mui';
import { leaveServerMarkup } from '@/lib/server-markup';
import { useScrollOnNavigate } from './use-scroll-on-navigate';

const VerifyEmailBanner = lazy(withMui(() => import('@/features/auth/components/verify-email-banner')));

/**
 * Until the signed-in account's address is verified, a banner says so on
 * every page but the one that verifies it. Its code (which reads the
 * account) loads only for a signed-in visitor: never part of the first load.
 */
export function VerifyEmailBannerSlot() {
  const signedIn = useIsSignedIn();
  const { pathname } = useLocation();
  if (!signedIn || pathname === paths.verifyEmail) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailBanner />
    </Suspense>
  );
}

/** The layout route: header and footer around every page; pages load lazily. */
export function Root() {
  const { pathname } = useLocation();
  useScrollOnNavigate();
  // Prerendered parts (LazyOnVisible) render at once only on the page whose markup the app took over.
  useEffect(() => leaveServerMarkup(pathname), [pathname]);
  return (
    <MainLayout banner={<VerifyEmailBannerSlot />}>
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<LoadingSpinner minHeight="60vh" />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </MainLayout>
  );
}
