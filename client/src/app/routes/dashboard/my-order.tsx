import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function MyOrderPage() {
  return <ComingSoon title={messages.dashboard.myOrder} />;
}
