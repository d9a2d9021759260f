import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import type { LoginLocationState } from '@/lib/auth';
import { getSessionEndReason, useIsSignedIn } from '@/lib/auth-token';

/**
 * Signed-in pages. A signed-out visitor goes to /login, which brings them back
 * here afterwards. If the session ends while on the page, a deliberate sign-out
 * goes home; an expired session or a refused admin check asks to sign in again.
 * (Part of the first load: keep it to the token, no API calls.)
 */
export function RequireAuth() {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  const hadSession = useRef(false);
  if (signedIn) {
    hadSession.current = true;
    return <Outlet />;
  }
  const reason = hadSession.current ? getSessionEndReason() : null;
  if (reason === 'signed-out') return <Navigate to={paths.home} replace />;
  const state: LoginLocationState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
    reason,
  };
  return <Navigate to={paths.login} replace state={state} />;
}
