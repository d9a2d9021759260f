import Link from '@mui/material/Link';
import { useState } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { authMessages } from '@/config/auth-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { redirectTarget, useSession, type LoginLocationState } from '@/lib/auth';
import { AuthLayout } from './auth-layout';
import { LoginForm, RegisterForm } from './auth-form';
import { GoogleSignInButton } from './google-sign-in-button';
import { SecondStepForm } from './second-step-form';

/** What /login and /register each show; the rest is the same. */
const PAGES = {
  login: {
    title: authMessages.loginTitle,
    subtitle: authMessages.loginSubtitle,
    Form: LoginForm,
    googleContext: 'signin',
    otherPrompt: authMessages.newHere(site.storeName),
    otherPath: paths.register,
    otherLink: authMessages.createAccount,
  },
  register: {
    title: authMessages.registerTitle,
    subtitle: authMessages.registerSubtitle,
    Form: RegisterForm,
    googleContext: 'signup',
    otherPrompt: authMessages.haveAccount,
    otherPath: paths.login,
    otherLink: authMessages.loginInstead,
  },
} as const;

/** Why the user was sent to sign in, if they were. */
function noticeFor(state: LoginLocationState | null): string | null {
  if (state?.notice === 'password-reset') return authMessages.passwordReset;
  if (state?.reason === 'signed-out-everywhere') return authMessages.signedOutEverywhere;
  if (state?.reason === 'expired') return authMessages.sessionExpired;
  if (state?.reason === 'not-admin') return authMessages.adminsOnly;
  if (state?.from) return authMessages.signInToContinue;
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
  // An account with two-step sign-in: the second step's token, once the first step passed.
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  if (signedIn) return <Navigate to={redirectTarget(state, paths.home)} replace />;

  const page = PAGES[kind];
  return (
    <AuthLayout
      title={page.title}
      subtitle={page.subtitle}
      notice={kind === 'login' ? noticeFor(state) : null}
      form={mfaToken ? <SecondStepForm key={mfaToken} mfaToken={mfaToken} onRestart={() => setMfaToken(null)} /> : <page.Form onSecondStep={setMfaToken} />}
      alternative={mfaToken ? null : <GoogleSignInButton context={page.googleContext} onSecondStep={setMfaToken} />}
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
