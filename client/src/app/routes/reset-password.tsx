import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { accountMessages } from '@/config/account-messages';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useOneUseToken } from '@/lib/one-use-token';

const m = accountMessages.reset;

/**
 * /reset-password?token=…: the mailed link's page, where the new password is chosen. The token leaves the address
 * bar and the history as soon as it is read (this tab keeps it until the password is set).
 */
export default function ResetPasswordPage() {
  const { token, forget } = useOneUseToken('reset-password:token');
  const askNew = (
    <Link component={RouterLink} to={paths.forgotPassword} sx={{ fontWeight: 700, color: 'info.main' }}>
      {m.askNew}
    </Link>
  );
  return (
    <AuthLayout
      title={m.title}
      subtitle={m.subtitle}
      form={token ? <ResetPasswordForm token={token} onUsed={forget} /> : <Typography>{m.noToken}</Typography>}
      footer={askNew}
    />
  );
}
