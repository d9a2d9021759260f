import { Link as RouterLink } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { CardGrid } from '@/components/ui/card-grid';
import container from '@/components/ui/container.module.css';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SectionHeading } from '@/components/ui/section-heading';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useProducts } from '../api/get-products';
import s from './featured-products.module.css';
import { ProductCard } from './product-card';

export const FEATURED_PRODUCT_COUNT = 5;

/** The featured products' query (the Go server answers it in the home page's HTML too: src/prerender/render.tsx). */
export const featuredProductsParams = { limit: FEATURED_PRODUCT_COUNT } as const;

/** "Our Product": the catalogue's first five products (the API's order, oldest first), linking on to the full catalogue. Drawn without MUI (the first screen of `/`). */
export function FeaturedProducts() {
  const products = useProducts(featuredProductsParams);

  return (
    <section aria-labelledby="our-products-title" className={s.section}>
      <div className={container.lg}>
        <div className={s.head}>
          <div>
            <SectionHeading
              id="our-products-title"
              title={
                <RouterLink to={paths.products} className={s.titleLink}>
                  {messages.catalogue.sectionTitle}
                </RouterLink>
              }
              titleSize={{ xs: '2rem', md: '2.5rem' }}
              subtitle={messages.catalogue.sectionSubtitle}
            />
          </div>
          <ButtonLink to={paths.products} tone="outlined">
            {messages.catalogue.viewAll}
          </ButtonLink>
        </div>

        {products.isPending && <LoadingSpinner minHeight={420} />}

        {products.isError && (
          <ErrorMessage onRetry={() => void products.refetch()}>
            {errorMessage(products.error, messages.catalogue.loadFailed)}
          </ErrorMessage>
        )}

        {products.isSuccess && products.data.items.length === 0 && (
          <p className={s.empty}>{messages.catalogue.empty}</p>
        )}

        {products.isSuccess && products.data.items.length > 0 && (
          <CardGrid wide={5}>
            {products.data.items.slice(0, FEATURED_PRODUCT_COUNT).map((product) => (
              <li key={product._id}>
                <ProductCard product={product} />
              </li>
            ))}
          </CardGrid>
        )}
      </div>
    </section>
  );
}
