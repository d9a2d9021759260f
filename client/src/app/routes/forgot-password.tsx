import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { accountMessages } from '@/config/account-messages';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

const m = accountMessages.forgot;

/** /forgot-password: the address to send a reset link to. */
export default function ForgotPasswordPage() {
  return (
    <AuthLayout
      title={m.title}
      subtitle={m.subtitle}
      form={<ForgotPasswordForm />}
      footer={
        <>
          {m.remembered}{' '}
          <Link component={RouterLink} to={paths.login} sx={{ fontWeight: 700, color: 'info.main' }}>
            {m.backToLogin}
          </Link>
        </>
      }
    />
  );
}
