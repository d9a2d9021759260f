import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function DashboardOverviewPage() {
  return <ComingSoon title={messages.dashboard.title} />;
}
