import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { accountMessages } from '@/config/account-messages';
import { paths } from '@/config/paths';
import { useIsSignedIn } from '@/lib/auth-token';
import { useVerifyEmail } from '../api/verify-email';

const m = accountMessages.verify;

/** Opens the mailed verification link: sends its token once, then says how it went and where to go. */
export function VerifyEmailStatus({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const signedIn = useIsSignedIn();
  const sent = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token]);

  const link = (to: string, text: string) => (
    <Link component={RouterLink} to={to} sx={{ fontWeight: 700, color: 'info.main', justifySelf: 'start' }}>
      {text}
    </Link>
  );
  if (verify.isSuccess) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="success" variant="outlined" role="status">
          {m.done(verify.data.email)}
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
  return <LoadingSpinner label={m.checking} minHeight={120} />;
}
