import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function NavbarPracticePage() {
  return <ComingSoon title={messages.pages.navbarPractice} />;
}
