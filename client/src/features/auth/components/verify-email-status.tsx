import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { accountMessages } from '@/config/account-messages';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { oneUseOutcome } from '@/lib/one-use-token';
import { useVerifyEmail } from '../api/verify-email';

const m = accountMessages.verify;

/** Where this tab keeps the address its link verified: a reload, Back or a restored tab says so again. */
export const VERIFIED_KEY = 'verify-email:verified';

interface VerifyEmailStatusProps {
  /** The link's token ('' once used, or when the page was opened without one). */
  token: string;
  /** The token was used (or refused for good): the page forgets it. */
  onUsed: () => void;
}

/**
 * Opens the mailed verification link: sends its token once, then says how it
 * went and where to go. An address already verified is a success, whether
 * this tab verified it (a reload, Back, a restored tab) or the signed-in
 * account says so (a link opened twice), never "invalid link".
 */
export function VerifyEmailStatus({ token, onUsed }: VerifyEmailStatusProps) {
  const verify = useVerifyEmail();
  const { signedIn, user } = useSession();
  const [kept] = useState(() => oneUseOutcome.read(VERIFIED_KEY));
  const sent = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    if (sent.current || !token || kept) return;
    sent.current = true;
    mutate(token, {
      onSuccess: (result) => {
        oneUseOutcome.keep(VERIFIED_KEY, result.email);
        onUsed();
      },
      // Used, expired or unknown: it will not work again (a network failure may: the token stays for a reload).
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) onUsed();
      },
    });
  }, [mutate, token, kept, onUsed]);

  const link = (to: string, text: string) => (
    <Link component={RouterLink} to={to} sx={{ fontWeight: 700, color: 'info.main', justifySelf: 'start' }}>
      {text}
    </Link>
  );
  const alreadyVerified = user?.emailVerified ? user.email : undefined;
  const verifiedEmail = verify.data?.email ?? (kept || undefined) ?? (verify.isError || !token ? alreadyVerified : undefined);
  if (verifiedEmail) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="success" variant="outlined" role="status">
          {m.done(verifiedEmail)}
        </Alert>
        {signedIn ? link(paths.dashboard.root, m.toDashboard) : link(paths.login, m.toLogin)}
      </Box>
    );
  }
  if (verify.isError) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="error" variant="outlined" role="alert">
          {verify.error.message}
        </Alert>
        {signedIn ? link(paths.dashboard.account, m.toAccount) : <Box component="p" sx={{ m: 0 }}>{m.newLink}</Box>}
        {!signedIn && link(paths.login, m.toLogin)}
      </Box>
    );
  }
  if (!token) {
    // Signed in, the account is read first: it may say the address is verified.
    if (signedIn && user === undefined) return <LoadingSpinner label={m.checking} minHeight={120} />;
    return <Typography>{m.noToken}</Typography>;
  }
  return <LoadingSpinner label={m.checking} minHeight={120} />;
}
