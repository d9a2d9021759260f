import { companyMessages } from '@/config/company-messages';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { JoinCompany } from '@/features/companies/components/join-company';
import { useOneUseToken } from '@/lib/one-use-token';

const m = companyMessages.join;

/**
 * /join?token=…: a company invitation's mailed link (issue 45), for the signed-in invitee. The token leaves
 * the address bar at once and is kept for the tab until it was used.
 */
export default function JoinPage() {
  const { token, forget } = useOneUseToken('join:token');
  return <AuthLayout title={m.title} subtitle={m.subtitle} form={<JoinCompany token={token} onUsed={forget} />} />;
}
