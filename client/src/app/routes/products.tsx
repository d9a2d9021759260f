import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function ProductsPage() {
  return <ComingSoon title={messages.pages.products} />;
}
