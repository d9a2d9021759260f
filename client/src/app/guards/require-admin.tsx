import Container from '@mui/material/Container';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { authMessages } from '@/config/auth-messages';
import { paths } from '@/config/paths';
import { endSession, useAdminStatus, useUser } from '@/lib/auth';
import { usePublicConfig } from '@/lib/public-config';

/**
 * Admin pages (inside RequireAuth; loaded lazily with them). Shows a loader
 * while GET /admin/{email} runs; a user who is not an admin is signed out, and
 * RequireAuth sends them to /login. An admin without two-step sign-in, in a
 * store that requires it of admins (ADMIN_MFA=required: every admin call
 * answers 403 mfa_required), is led to the Account page to turn it on.
 */
export function RequireAdmin() {
  const user = useUser();
  const admin = useAdminStatus();
  const config = usePublicConfig();
  const denied = admin.data === false;

  useEffect(() => {
    if (denied) endSession('not-admin');
  }, [denied]);

  if (admin.data === true && user.data?.mfa === false && config.data?.adminMfa !== 'optional') {
    if (!config.data && !config.isError) return <LoadingSpinner label={authMessages.checkingAccess} minHeight="50vh" />;
    return <Navigate to={paths.dashboard.account} state={{ notice: 'mfa-required' }} replace />;
  }
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
