import { accountMessages } from '@/config/account-messages';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { VerifyEmailStatus } from '@/features/auth/components/verify-email-status';
import { useOneUseToken } from '@/lib/one-use-token';

const m = accountMessages.verify;

/**
 * /verify-email?token=…: the mailed link's page, which verifies the address at
 * once. The token leaves the address bar and the history as soon as it is read.
 */
export default function VerifyEmailPage() {
  const { token, forget } = useOneUseToken('verify-email:token');
  return <AuthLayout title={m.title} subtitle={m.subtitle} form={<VerifyEmailStatus token={token} onUsed={forget} />} />;
}
