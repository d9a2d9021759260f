import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function RegisterPage() {
  return <ComingSoon title={messages.pages.register} />;
}
