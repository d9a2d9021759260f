import { pageMessages } from '@/config/page-messages';
import { site } from '@/config/site';
import { LandingHero } from '@/features/landing/components/landing-hero';
import { SlideCarousel } from '@/features/landing/components/slide-carousel';
import { SLIDES } from '@/features/landing/content/slides';

export default function LandingPage() {
  return (
    <>
      <title>{`${pageMessages.pages.landing} | ${site.storeName}`}</title>
      <LandingHero />
      <SlideCarousel slides={SLIDES} />
    </>
  );
}
