import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function ManageOrderPage() {
  return <ComingSoon title={messages.dashboard.manageOrder} />;
}
