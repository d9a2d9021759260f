import { useEffect } from 'react';
import { startCartSync } from '@/features/cart/api/cart-sync';
import { SessionSync } from '@/lib/auth';

/**
 * What runs once there is a session (loaded lazily by AppProvider): the
 * session's own upkeep (lib/auth.ts) and the account's cart kept in step with
 * the browser's (issue 34), for as long as this code runs.
 */
export default function Session() {
  useEffect(() => startCartSync(), []);
  return <SessionSync />;
}
