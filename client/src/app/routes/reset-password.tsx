import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { accountMessages } from '@/config/account-messages';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

const m = accountMessages.reset;

/** /reset-password?token=…: the mailed link's page, where the new password is chosen. */
export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const askNew = (
    <Link component={RouterLink} to={paths.forgotPassword} sx={{ fontWeight: 700, color: 'info.main' }}>
      {m.askNew}
    </Link>
  );
  return (
    <AuthLayout
      title={m.title}
      subtitle={m.subtitle}
      form={token ? <ResetPasswordForm token={token} /> : <Typography>{m.noToken}</Typography>}
      footer={askNew}
    />
  );
}
