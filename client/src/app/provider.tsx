import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useIsSignedIn } from '@/lib/auth-token';
import { createQueryClient } from '@/lib/query-client';
import { ToastProvider } from '@/lib/toast';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client (no retries, fresh cache). */
  queryClient?: QueryClient;
}

const SessionSync = lazy(() => import('./session'));


/**
 * Restores and follows the session once there is one. Lazy: a visitor who has
 * never signed in does not load the session code (nor call GET /auth/me).
 */
function Session() {
  const signedIn = useIsSignedIn();
  const [started, setStarted] = useState(signedIn);
  if (signedIn && !started) setStarted(true);
  return started ? (
    <Suspense fallback={null}>
      <SessionSync />
    </Suspense>
  ) : null;
}

/**
 * The app's providers. No MUI here: MUI's theme loads with each part that uses
 * MUI (lib/with-mui.tsx), and the page's baseline is src/styles/global.css, so
 * that the first load of `/` has no MUI or emotion code.
 */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <Session />
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
