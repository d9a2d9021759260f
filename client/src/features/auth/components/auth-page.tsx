import Link from '@mui/material/Link';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { redirectTarget, useSession, type LoginLocationState } from '@/lib/auth';
import { AuthLayout } from './auth-layout';
import { LoginForm, RegisterForm } from './auth-form';
import { GoogleSignInButton } from './google-sign-in-button';

/** What /login and /register each show; the rest is the same. */
const PAGES = {
  login: {
    title: messages.auth.loginTitle,
    subtitle: messages.auth.loginSubtitle,
    Form: LoginForm,
    googleContext: 'signin',
    otherPrompt: messages.auth.newHere(site.storeName),
    otherPath: paths.register,
    otherLink: messages.auth.createAccount,
  },
  register: {
    title: messages.auth.registerTitle,
    subtitle: messages.auth.registerSubtitle,
    Form: RegisterForm,
    googleContext: 'signup',
    otherPrompt: messages.auth.haveAccount,
    otherPath: paths.login,
    otherLink: messages.auth.loginInstead,
  },
} as const;

/** Why the user was sent to sign in, if they were. */
function noticeFor(state: LoginLocationState | null): string | null {
  if (state?.notice === 'password-reset') return messages.auth.passwordReset;
  if (state?.reason === 'signed-out-everywhere') return messages.auth.signedOutEverywhere;
  if (state?.reason === 'expired') return messages.auth.sessionExpired;
  if (state?.reason === 'not-admin') return messages.auth.adminsOnly;
  if (state?.from) return messages.auth.signInToContinue;
  return null;
}

/**
 * /login and /register: the form, Continue with Google, and a link to the
 * other page. Once signed in (here or already), back to the page the user
 * came from, else home.
 */
export function AuthPage({ kind }: { kind: keyof typeof PAGES }) {
  const { signedIn } = useSession();
  const state = useLocation().state as LoginLocationState | null;

  if (signedIn) return <Navigate to={redirectTarget(state, paths.home)} replace />;

  const page = PAGES[kind];
  return (
    <AuthLayout
      title={page.title}
      subtitle={page.subtitle}
      notice={kind === 'login' ? noticeFor(state) : null}
      form={<page.Form />}
      alternative={<GoogleSignInButton context={page.googleContext} />}
      footer={
        <>
          {page.otherPrompt}{' '}
          {/* Keep `from`, so the other page also leads back to the page asked for. */}
          <Link component={RouterLink} to={page.otherPath} state={state?.from ? { from: state.from } : undefined} sx={{ fontWeight: 700, color: 'info.main' }}>
            {page.otherLink}
          </Link>
        </>
      }
    />
  );
}
