import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function MyProfilePage() {
  return <ComingSoon title={messages.dashboard.myProfile} />;
}
