import Box from '@mui/material/Box';
import { lazy } from 'react';
import { LazyOnVisible } from '@/components/lazy-on-visible';
import { FeaturedProducts } from '@/features/catalogue/components/featured-products';
import { Banner } from '@/features/home/components/banner';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { site } from '@/config/site';
import { preloadable } from '@/lib/preloadable';

// Below the fold: each section's code (the chart's too) loads as it nears the viewport.
// About is in the prerendered HTML too (the prerender step preloads it: preloadPrerendered).
const AboutSection = preloadable(() => import('@/features/home/components/about-section'));
const StatsStrip = lazy(() => import('@/features/home/components/stats-strip'));
const ContactSection = lazy(() => import('@/features/contact/components/contact-section'));

/** Holds a section's place (its colour and about its height) until its code arrives. */
const placeholder = (bgcolor: string, xs: number, md: number) => <Box aria-hidden="true" sx={{ bgcolor, minHeight: { xs, md } }} />;

/** The code of this page's prerendered parts below the fold (see router.tsx's preloadRoute). */
export const preloadPrerendered = () => AboutSection.preload();

export default function HomePage() {
  return (
    <>
      <title>{`${site.storeName} | ${site.tagline}`}</title>
      <Banner />
      <FeaturedProducts />
      <ReviewsSection />
      <LazyOnVisible fallback={placeholder('background.paper', 1150, 620)} prerendered>
        <AboutSection />
      </LazyOnVisible>
      <LazyOnVisible fallback={placeholder('secondary.main', 700, 260)}>
        <StatsStrip />
      </LazyOnVisible>
      <LazyOnVisible fallback={placeholder('background.default', 1250, 720)}>
        <ContactSection />
      </LazyOnVisible>
    </>
  );
}
