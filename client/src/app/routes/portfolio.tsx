import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function PortfolioPage() {
  return <ComingSoon title={messages.pages.portfolio} />;
}
