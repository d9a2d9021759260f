import { messages } from '@/config/messages';
import { site } from '@/config/site';
import { Banner } from '@/features/home/components/banner';

export default function BannerTestPage() {
  return (
    <>
      <title>{`${messages.pages.bannerTest} | ${site.storeName}`}</title>
      <Banner />
    </>
  );
}
