import { lazy, Suspense } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { LazyOnVisible } from '@/components/lazy-on-visible';
import { classNames } from '@/components/ui/class-names';
import container from '@/components/ui/container.module.css';
import { ErrorMessage } from '@/components/ui/error-message';
import { Icon } from '@/components/ui/icon';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { catalogueMessages } from '@/config/catalogue-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useProduct } from '@/features/catalogue/api/get-product';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { ProductDetails } from '@/features/catalogue/components/product-details';
import { RequestQuoteButton } from '@/features/quotes/components/quote-buttons';
import { ProductReviewsPlaceholder } from '@/features/reviews/components/product-reviews-placeholder';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';
import { preloadable } from '@/lib/preloadable';
import { withMui } from '@/lib/with-mui';
import s from './product.module.css';

const m = catalogueMessages.product;

/** The not-found page is drawn with MUI: its code, and MUI's, load only for a product that is not there. */
const NotFound = preloadable(withMui(() => import('@/features/layout/components/not-found').then((module) => ({ default: module.NotFound }))));

/** The not-found page's code: the prerender step and main.tsx load it before taking over the server's not-found page of a product path (router.tsx, preloadRoute). */
export const preloadPrerendered = () => NotFound.preload();

/** A product's volume prices and a member's own prices (issue 45): loaded for a product with tiers or a signed-in visitor, after the page shows. */
const VolumePrices = lazy(() => import('@/features/catalogue/components/volume-prices'));
/** The product's reviews (issue 48): below the fold, their code loads as they near the viewport. */
const ProductReviews = lazy(() => import('@/features/reviews/components/product-reviews'));
/** Its documents, spare parts and accessories, and the machines a part fits (issue 48): loaded as they near the viewport. */
const ProductExtras = lazy(() => import('@/features/catalogue/components/product-extras'));

/** Not found for an unknown product, invalid for an id that cannot be one: both are pages that do not exist. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'not_found' || error.code === 'invalid');
}

/** /product/:id, for anyone: the product's page, from which it can be purchased. Drawn without MUI (its first load has none). */
export default function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const signedIn = useIsSignedIn();

  if (product.isError && isMissing(product.error)) return <NotFound />;

  let body;
  if (product.isError) {
    body = <ErrorMessage onRetry={() => void product.refetch()}>{errorMessage(product.error, m.loadFailed)}</ErrorMessage>;
  } else if (product.isPending) {
    body = <LoadingSpinner minHeight="50vh" />;
  } else {
    body = (
      <>
        <ProductDetails
          product={product.data}
          actions={
            <>
              <AddToCartButton product={product.data} size="large" />
              <RequestQuoteButton product={product.data} />
            </>
          }
        />
        {((product.data.tiers?.length ?? 0) > 0 || signedIn) && (
          <Suspense fallback={null}>
            <VolumePrices product={product.data} />
          </Suspense>
        )}
        <LazyOnVisible fallback={null}>
          <ProductExtras product={product.data} action={(part) => <AddToCartButton product={part} />} />
        </LazyOnVisible>
        <LazyOnVisible fallback={<ProductReviewsPlaceholder />}>
          <ProductReviews productId={product.data._id} />
        </LazyOnVisible>
      </>
    );
  }

  return (
    <div className={classNames(container.lg, s.page)}>
      <title>{`${product.data?.name ?? m.title} | ${site.storeName}`}</title>
      <RouterLink to={paths.products} className={s.back}>
        <Icon name="arrowBack" size="small" />
        {m.backToProducts}
      </RouterLink>
      {body}
    </div>
  );
}
