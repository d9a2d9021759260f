import { pageMessages } from '@/config/page-messages';
import { site } from '@/config/site';
import { AuthorProfile } from '@/features/portfolio/components/author-profile';

export default function PortfolioPage() {
  return (
    <>
      <title>{`${pageMessages.pages.portfolio} | ${site.storeName}`}</title>
      <AuthorProfile />
    </>
  );
}
