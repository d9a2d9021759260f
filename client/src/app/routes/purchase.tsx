import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function PurchasePage() {
  return <ComingSoon title={messages.pages.purchase} />;
}
