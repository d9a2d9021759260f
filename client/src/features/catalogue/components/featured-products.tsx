import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { CardGrid } from '@/components/ui/card-grid';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SectionHeading } from '@/components/ui/section-heading';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useProducts } from '../api/get-products';
import { ProductCard } from './product-card';

export const FEATURED_PRODUCT_COUNT = 5;

/** The featured products' query (the Go server answers it in the home page's HTML too: src/prerender/render.tsx). */
export const featuredProductsParams = { limit: FEATURED_PRODUCT_COUNT } as const;

/** "Our Product": the catalogue's first five products (the API's order, oldest first), linking on to the full catalogue. */
export function FeaturedProducts() {
  const products = useProducts(featuredProductsParams);

  return (
    <Box component="section" aria-labelledby="our-products-title" sx={{ py: { xs: 6, md: 9 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'flex',
            alignItems: { sm: 'flex-end' },
            justifyContent: 'space-between',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 2,
            mb: 4,
          }}
        >
          <Box>
            <SectionHeading
              id="our-products-title"
              title={
                <Box component={RouterLink} to={paths.products} sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}>
                  {messages.catalogue.sectionTitle}
                </Box>
              }
              titleSx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}
              subtitle={messages.catalogue.sectionSubtitle}
            />
          </Box>
          <ButtonLink to={paths.products} tone="outlined">
            {messages.catalogue.viewAll}
          </ButtonLink>
        </Box>

        {products.isPending && <LoadingSpinner minHeight={420} />}

        {products.isError && (
          <ErrorMessage onRetry={() => void products.refetch()}>
            {errorMessage(products.error, messages.catalogue.loadFailed)}
          </ErrorMessage>
        )}

        {products.isSuccess && products.data.items.length === 0 && (
          <Typography color="text.secondary">{messages.catalogue.empty}</Typography>
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
      </Container>
    </Box>
  );
}
