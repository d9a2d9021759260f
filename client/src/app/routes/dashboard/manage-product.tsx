import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function ManageProductPage() {
  return <ComingSoon title={messages.dashboard.manageProduct} />;
}
