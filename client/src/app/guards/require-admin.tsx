import Container from '@mui/material/Container';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { authMessages } from '@/config/auth-messages';
import { endSession, useAdminStatus, useUser } from '@/lib/auth';

/**
 * Admin pages (inside RequireAuth; loaded lazily with them). Shows a loader
 * while GET /admin/{email} runs; a user who is not an admin is signed out, and
 * RequireAuth sends them to /login.
 */
export function RequireAdmin() {
  const user = useUser();
  const admin = useAdminStatus();
  const denied = admin.data === false;

  useEffect(() => {
    if (denied) endSession('not-admin');
  }, [denied]);

  if (admin.data === true) return <Outlet />;
  const failed = user.isError ? user : admin.isError ? admin : null;
  if (failed && !denied) {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <ErrorMessage onRetry={() => void failed.refetch()}>{failed.error.message}</ErrorMessage>
      </Container>
    );
  }
  return <LoadingSpinner label={authMessages.checkingAccess} minHeight="50vh" />;
}

export default RequireAdmin;
