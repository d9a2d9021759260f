import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { catalogueMessages } from '@/config/catalogue-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useProduct } from '@/features/catalogue/api/get-product';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { ProductDetails } from '@/features/catalogue/components/product-details';
import { NotFound } from '@/features/layout/components/not-found';
import { RequestQuoteButton } from '@/features/quotes/components/quote-buttons';
import { ApiError, errorMessage } from '@/lib/api-client';

const m = catalogueMessages.product;

/** Not found for an unknown product, invalid for an id that cannot be one: both are pages that do not exist. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'not_found' || error.code === 'invalid');
}

/** /product/:id, for anyone: the product's page, from which it can be purchased. */
export default function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);

  if (product.isError && isMissing(product.error)) return <NotFound />;

  let body;
  if (product.isError) {
    body = <ErrorMessage onRetry={() => void product.refetch()}>{errorMessage(product.error, m.loadFailed)}</ErrorMessage>;
  } else if (product.isPending) {
    body = <LoadingSpinner minHeight="50vh" />;
  } else {
    body = <ProductDetails product={product.data} actions={
          <>
            <AddToCartButton product={product.data} size="large" />
            <RequestQuoteButton product={product.data} />
          </>
        } />;
  }

  return (
    // At least a screen high, so that the footer starts below the fold: what the client adds after the
    // server's first paint (the specifications after the description, on a wide screen beside the picture)
    // then moves nothing on screen.
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 }, minHeight: '100vh' }}>
      <title>{`${product.data?.name ?? m.title} | ${site.storeName}`}</title>
      <Box
        component={RouterLink}
        to={paths.products}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.75,
          mb: { xs: 2, md: 3 },
          minHeight: 44,
          color: 'info.main',
          fontWeight: 700,
          textDecoration: 'none',
          borderRadius: 1,
          '&:hover': { textDecoration: 'underline' },
        }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        {m.backToProducts}
      </Box>
      {body}
    </Container>
  );
}
