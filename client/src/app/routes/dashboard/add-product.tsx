import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function AddProductPage() {
  return <ComingSoon title={messages.dashboard.addProduct} />;
}
