import Link from '@mui/material/Link';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { GoogleSignInButton } from '@/features/auth/components/google-sign-in-button';
import { RegisterForm } from '@/features/auth/components/register-form';
import { redirectTarget, useSession, type LoginLocationState } from '@/lib/auth';

/** /register: the Sign Up form; once signed in, home (or the page that sent the user to sign in). */
export default function RegisterPage() {
  const { signedIn } = useSession();
  const location = useLocation();
  const state = location.state as LoginLocationState | null;

  if (signedIn) return <Navigate to={redirectTarget(state, paths.home)} replace />;

  return (
    <AuthLayout
      title={messages.auth.registerTitle}
      subtitle={messages.auth.registerSubtitle}
      form={<RegisterForm />}
      alternative={<GoogleSignInButton context="signup" />}
      footer={
        <>
          {messages.auth.haveAccount}{' '}
          <Link component={RouterLink} to={paths.login} state={state?.from ? { from: state.from } : undefined} sx={{ fontWeight: 700, color: 'info.main' }}>
            {messages.auth.loginInstead}
          </Link>
        </>
      }
    />
  );
}
