import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function PaymentPage() {
  return <ComingSoon title={messages.pages.payment} />;
}
