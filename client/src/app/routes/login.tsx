import Link from '@mui/material/Link';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { GoogleSignInButton } from '@/features/auth/components/google-sign-in-button';
import { LoginForm } from '@/features/auth/components/login-form';
import { redirectTarget, useSession, type LoginLocationState } from '@/lib/auth';

function noticeFor(state: LoginLocationState | null): string | null {
  if (state?.reason === 'expired') return messages.auth.sessionExpired;
  if (state?.reason === 'not-admin') return messages.auth.adminsOnly;
  if (state?.from) return messages.auth.signInToContinue;
  return null;
}

/** /login: once signed in (here or already), back to the page the user came from, else home. */
export default function LoginPage() {
  const { signedIn } = useSession();
  const location = useLocation();
  const state = location.state as LoginLocationState | null;

  if (signedIn) return <Navigate to={redirectTarget(state, paths.home)} replace />;

  return (
    <AuthLayout
      title={messages.auth.loginTitle}
      subtitle={messages.auth.loginSubtitle}
      notice={noticeFor(state)}
      form={<LoginForm />}
      alternative={<GoogleSignInButton context="signin" />}
      footer={
        <>
          {messages.auth.newHere(site.storeName)}{' '}
          {/* Keep `from`, so signing up also leads back to the page asked for. */}
          <Link component={RouterLink} to={paths.register} state={state?.from ? { from: state.from } : undefined} sx={{ fontWeight: 700, color: 'info.main' }}>
            {messages.auth.createAccount}
          </Link>
        </>
      }
    />
  );
}
