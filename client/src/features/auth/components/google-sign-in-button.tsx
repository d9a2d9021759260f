import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import GoogleIcon from '@mui/icons-material/Google';
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { authMessages } from '@/config/auth-messages';
import { usePublicConfig } from '@/lib/public-config';
import { useGoogleSignIn } from '../api/google-sign-in';
import { loadGoogleIdentity } from '../utils/google-identity';

const GOOGLE_BUTTON_MAX_WIDTH = 400; // Google's limit for renderButton's width

interface GoogleSignInButtonProps {
  context: 'signin' | 'signup' | 'use';
  /** Takes the credential instead of signing in with it (a fresh sign-in that confirms an account's deletion). */
  onCredential?: (credential: string) => void;
  /** An account with two-step sign-in: its second step's token (issue 44). */
  onSecondStep?: (mfaToken: string) => void;
}

/**
 * "Continue with Google": Google's own button (Google Identity Services), whose
 * credential goes to POST /auth/google (or to onCredential). Without a Google
 * client id in the store's config it stays a disabled button that says why.
 */
export function GoogleSignInButton({ context, onCredential, onSecondStep }: GoogleSignInButtonProps) {
  const config = usePublicConfig();
  const clientId = config.data?.googleClientId ?? '';
  const signIn = useGoogleSignIn(onSecondStep);
  const signInWith = useRef(onCredential ?? signIn.mutate);
  signInWith.current = onCredential ?? signIn.mutate;
  const wrapper = useRef<HTMLDivElement>(null);
  const slot = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const noteId = useId();

  useEffect(() => {
    if (!clientId || !slot.current || !wrapper.current) return;
    const target = slot.current;
    const width = Math.round(Math.min(GOOGLE_BUTTON_MAX_WIDTH, Math.max(200, wrapper.current.getBoundingClientRect().width)));
    let active = true;
    loadGoogleIdentity().then(
      (id) => {
        if (!active) return;
        id.initialize({
          client_id: clientId,
          context,
          ux_mode: 'popup',
          callback: ({ credential }) => signInWith.current(credential),
        });
        id.renderButton(target, { type: 'standard', theme: 'outline', size: 'large', text: 'continue_with', shape: 'rectangular', logo_alignment: 'center', width });
        setStatus('ready');
      },
      () => {
        if (active) setStatus('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [clientId, context]);

  const note =
    config.isError || status === 'failed'
      ? authMessages.googleLoadFailed
      : config.isSuccess && !clientId
        ? authMessages.googleNotConfigured
        : null;
  const ready = status === 'ready' && Boolean(clientId);

  return (
    <Box ref={wrapper} sx={{ display: 'grid', gap: 1 }}>
      {!ready && (
        <Button
          type="button"
          variant="outlined"
          color="secondary"
          size="large"
          fullWidth
          disabled
          startIcon={<GoogleIcon />}
          aria-describedby={note ? noteId : undefined}
          sx={{ minHeight: 44 }}
        >
          {authMessages.continueWithGoogle}
        </Button>
      )}
      <Box
        ref={slot}
        data-testid="google-button"
        aria-busy={signIn.isPending}
        sx={ready ? { display: 'flex', justifyContent: 'center', minHeight: 44 } : { position: 'absolute', visibility: 'hidden' }}
      />
      {note && (
        <Typography id={noteId} variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {note}
        </Typography>
      )}
      {signIn.error && <ErrorMessage>{signIn.error.message}</ErrorMessage>}
    </Box>
  );
}
