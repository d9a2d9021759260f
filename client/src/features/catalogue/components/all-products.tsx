import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PlainButton } from '@/components/ui/button-link';
import { CardGrid } from '@/components/ui/card-grid';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SectionHeading } from '@/components/ui/section-heading';
import { catalogueMessages } from '@/config/catalogue-messages';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import type { Product } from '@/types/api';
import { getProductsQueryOptions } from '../api/get-products';
import { categoryMessages } from '@/config/category-messages';
import { activeFilterCount, NO_FILTERS, priceRangeInverted, productListParams, useProductSearch, type ProductFilters as Filters } from '../hooks/use-product-search';
import { ProductCard } from './product-card';
import { ProductFilters } from './product-filters';
import { ProductSearchBar } from './product-search-bar';

export const PRODUCTS_PAGE_SIZE = 12;

const m = catalogueMessages.products;

/** /products: the whole catalogue, searchable by name, sortable and in pages, all kept in the URL. */
interface AllProductsProps {
  /** Shown above the products (the quote list's summary). */
  aside?: ReactNode;
  /** More calls to action on each product's card. */
  cardActions?: (product: Product) => ReactNode;
}

export function AllProducts({ aside, cardActions }: AllProductsProps = {}) {
  const { list, state, text, setText } = useProductSearch();
  const { q, sort, page } = state;
  const filters: Filters = { category: state.category, minPrice: state.minPrice, maxPrice: state.maxPrice, inStock: state.inStock };
  const filtered = activeFilterCount(filters) > 0;

  const products = useQuery({ ...getProductsQueryOptions(productListParams(state, PRODUCTS_PAGE_SIZE)), placeholderData: keepPreviousData });
  const total = products.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE));

  // A page past the end (fewer products than when the link was made): go to the last one.
  useEffect(() => {
    if (products.isSuccess && !products.isPlaceholderData && page > pageCount) {
      list.setPage(pageCount, { replace: true });
    }
  }, [products.isSuccess, products.isPlaceholderData, page, pageCount, list]);

  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
  }, [page]);

  const items = products.data?.items ?? [];
  const from = total === 0 ? 0 : (page - 1) * PRODUCTS_PAGE_SIZE + 1;
  const to = Math.min(total, from + items.length - 1);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Box sx={{ mb: { xs: 3, md: 4 } }}>
        <SectionHeading component="h1" title={m.title} titleSize={{ xs: '2rem', md: '2.75rem' }} subtitle={m.subtitle} />
      </Box>

      <ProductSearchBar text={text} onTextChange={setText} sort={sort} onSortChange={(next) => list.set({ sort: next })} sx={{ mb: 3 }} />

      {aside}

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
      <ProductFilters filters={filters} onChange={(changes, options) => list.set(changes, options)} />
      <Box sx={{ minWidth: 0 }}>
      {products.isPending && <LoadingSpinner minHeight={420} />}

      {products.isError && (
        <ErrorMessage onRetry={() => void products.refetch()}>{errorMessage(products.error, messages.catalogue.loadFailed)}</ErrorMessage>
      )}

      {products.isSuccess && (
        <>
          <Typography role="status" color="text.secondary" sx={{ fontWeight: 600, mb: 2 }}>
            {total > 0 && items.length > 0 ? m.showing(from, to, total) : ''}
          </Typography>

          {total === 0 && (
            <Box sx={{ p: { xs: 3, md: 4 }, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, textAlign: 'center' }}>
              <Typography sx={{ fontWeight: 700, mb: q || filtered ? 2 : 0 }}>
                {q ? m.noMatch(q) : priceRangeInverted(filters) ? categoryMessages.filters.minAboveMax(filters.minPrice, filters.maxPrice) : filtered ? categoryMessages.filters.noMatch : messages.catalogue.empty}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
                {q && (
                  <PlainButton type="button" tone="outlined" onClick={() => list.set({ q: '' })}>
                    {m.clearSearch}
                  </PlainButton>
                )}
                {filtered && (
                  <PlainButton type="button" tone="outlined" onClick={() => list.set(NO_FILTERS)}>
                    {categoryMessages.filters.clear}
                  </PlainButton>
                )}
              </Box>
            </Box>
          )}

          {items.length > 0 && (
            <CardGrid wide={3} busy={products.isPlaceholderData}>
              {items.map((product) => (
                <li key={product._id}>
                  <ProductCard product={product} actions={cardActions?.(product)} />
                </li>
              ))}
            </CardGrid>
          )}

          {pageCount > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 5 }}>
              <Pagination
                aria-label={m.pages}
                page={Math.min(page, pageCount)}
                count={pageCount}
                shape="rounded"
                color="secondary"
                size="large"
                siblingCount={1}
                renderItem={(item) => (
                  <PaginationItem component={RouterLink} to={{ search: list.searchFor({}, item.page ?? 1) }} {...item} />
                )}
              />
            </Box>
          )}
        </>
      )}
      </Box>
      </Box>
    </Container>
  );
}
