import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function AddReviewPage() {
  return <ComingSoon title={messages.dashboard.addReview} />;
}
