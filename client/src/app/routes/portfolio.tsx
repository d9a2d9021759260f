import { messages } from '@/config/messages';
import { site } from '@/config/site';
import { AuthorProfile } from '@/features/portfolio/components/author-profile';

export default function PortfolioPage() {
  return (
    <>
      <title>{`${messages.pages.portfolio} | ${site.storeName}`}</title>
      <AuthorProfile />
    </>
  );
}
