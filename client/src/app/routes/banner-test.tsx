import { pageMessages } from '@/config/page-messages';
import { site } from '@/config/site';
import { Banner } from '@/features/home/components/banner';

export default function BannerTestPage() {
  return (
    <>
      <title>{`${pageMessages.pages.bannerTest} | ${site.storeName}`}</title>
      <Banner />
    </>
  );
}
