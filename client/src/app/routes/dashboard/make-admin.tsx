import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function MakeAdminPage() {
  return <ComingSoon title={messages.dashboard.makeAdmin} />;
}
