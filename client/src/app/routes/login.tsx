import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function LoginPage() {
  return <ComingSoon title={messages.pages.login} />;
}
