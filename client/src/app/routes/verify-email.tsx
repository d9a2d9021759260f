import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { accountMessages } from '@/config/account-messages';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { VerifyEmailStatus } from '@/features/auth/components/verify-email-status';

const m = accountMessages.verify;

/** /verify-email?token=…: the mailed link's page, which verifies the address at once. */
export default function VerifyEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  return (
    <AuthLayout
      title={m.title}
      subtitle={m.subtitle}
      form={token ? <VerifyEmailStatus token={token} /> : <Typography>{m.noToken}</Typography>}
    />
  );
}
