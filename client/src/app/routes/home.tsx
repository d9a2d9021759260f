import { FeaturedProducts } from '@/features/catalogue/components/featured-products';
import { Banner } from '@/features/home/components/banner';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { site } from '@/config/site';

export default function HomePage() {
  return (
    <>
      <title>{`${site.storeName} | ${site.tagline}`}</title>
      <Banner />
      <FeaturedProducts />
      <ReviewsSection />
    </>
  );
}
