import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function LandingPage() {
  return <ComingSoon title={messages.pages.landing} />;
}
