import { lazy } from 'react';
import { LazyOnVisible } from '@/components/lazy-on-visible';
import { FeaturedProducts } from '@/features/catalogue/components/featured-products';
import { Banner } from '@/features/home/components/banner';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { site } from '@/config/site';
import { preloadable } from '@/lib/preloadable';
import { withMui } from '@/lib/with-mui';
import s from './home.module.css';

// The page's first screen (banner, featured products, the reviews' frame) is drawn without MUI, so that
// the first load of `/` has no MUI or emotion code. Below the fold, each section (drawn with MUI) loads
// its code, MUI's and the chart's as it nears the viewport.
// About is in the prerendered HTML too (the prerender step preloads it: preloadPrerendered).
const AboutSection = preloadable(withMui(() => import('@/features/home/components/about-section')));
const StatsStrip = lazy(withMui(() => import('@/features/home/components/stats-strip')));
const ContactSection = lazy(withMui(() => import('@/features/contact/components/contact-section')));

/** Holds a section's place (its colour and about its height) until its code arrives. */
const placeholder = (className: string | undefined) => <div aria-hidden="true" className={className} />;

/** The code of this page's prerendered parts below the fold (see router.tsx's preloadRoute). */
export const preloadPrerendered = () => AboutSection.preload();

export default function HomePage() {
  return (
    <>
      <title>{`${site.storeName} | ${site.tagline}`}</title>
      <Banner />
      <FeaturedProducts />
      <ReviewsSection />
      <LazyOnVisible fallback={placeholder(s.about)} prerendered>
        <AboutSection />
      </LazyOnVisible>
      <LazyOnVisible fallback={placeholder(s.stats)}>
        <StatsStrip />
      </LazyOnVisible>
      <LazyOnVisible fallback={placeholder(s.contact)}>
        <ContactSection />
      </LazyOnVisible>
    </>
  );
}
