import { ComingSoon } from '@/components/coming-soon';
import { messages } from '@/config/messages';

export default function BlogPage() {
  return <ComingSoon title={messages.pages.blog} />;
}
