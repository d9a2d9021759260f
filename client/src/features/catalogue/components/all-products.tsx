import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PlainButton } from '@/components/ui/button-link';
import { CardGrid } from '@/components/ui/card-grid';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { catalogueMessages } from '@/config/catalogue-messages';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import type { Product, ProductSort } from '@/types/api';
import { getProductsQueryOptions, type ProductListParams } from '../api/get-products';
import { ProductCard } from './product-card';

export const PRODUCTS_PAGE_SIZE = 12;
export const SEARCH_DEBOUNCE_MS = 300;
const DEFAULT_SORT: ProductSort = 'createdAt';
const MAX_SEARCH_CHARS = 100; // the server's limit

const m = catalogueMessages.products;

export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'createdAt', label: m.sortCatalogue },
  { value: 'name', label: m.sortNameAsc },
  { value: '-name', label: m.sortNameDesc },
  { value: 'price', label: m.sortPriceAsc },
  { value: '-price', label: m.sortPriceDesc },
];

/** The page's state as the URL holds it: `?q=pump&sort=-price&page=2` (defaults left out). */
function readState(params: URLSearchParams) {
  const q = (params.get('q') ?? '').slice(0, MAX_SEARCH_CHARS);
  const sortParam = params.get('sort');
  const sort = SORT_OPTIONS.some((o) => o.value === sortParam) ? (sortParam as ProductSort) : DEFAULT_SORT;
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  return { q, sort, page };
}

type PageState = ReturnType<typeof readState>;

function toSearch(state: PageState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The query for one page: the server's default order needs no `sort`. */
export function listParams({ q, sort, page }: PageState): ProductListParams {
  return {
    limit: PRODUCTS_PAGE_SIZE,
    skip: (page - 1) * PRODUCTS_PAGE_SIZE,
    ...(q.trim() && { q: q.trim() }),
    ...(sort !== DEFAULT_SORT && { sort }),
  };
}

/** /products: the whole catalogue, searchable by name, sortable and in pages, all kept in the URL. */
interface AllProductsProps {
  /** Shown above the products (the quote list's summary). */
  aside?: ReactNode;
  /** More calls to action on each product's card. */
  cardActions?: (product: Product) => ReactNode;
}

export function AllProducts({ aside, cardActions }: AllProductsProps = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readState(searchParams);
  const { q, sort, page } = state;

  // What is typed goes to the URL (and the server) once typing pauses.
  const [text, setText] = useState(q);
  const pushedQ = useRef(q);
  useEffect(() => {
    // The URL changed by itself (back/forward, a link): show its search.
    if (q !== pushedQ.current) {
      pushedQ.current = q;
      setText(q);
    }
  }, [q]);
  useEffect(() => {
    if (text === pushedQ.current) return;
    const timer = setTimeout(() => {
      pushedQ.current = text;
      setSearchParams(toSearch({ q: text, sort, page: 1 }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, sort, setSearchParams]);

  const products = useQuery({ ...getProductsQueryOptions(listParams(state)), placeholderData: keepPreviousData });
  const total = products.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE));

  // A page past the end (fewer products than when the link was made): go to the last one.
  useEffect(() => {
    if (products.isSuccess && !products.isPlaceholderData && page > pageCount) {
      setSearchParams(toSearch({ q, sort, page: pageCount }), { replace: true });
    }
  }, [products.isSuccess, products.isPlaceholderData, page, pageCount, q, sort, setSearchParams]);

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
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
          {m.title}
        </Typography>
        <Box sx={{ width: 56, height: 4, bgcolor: 'primary.main', borderRadius: 2, mt: 1.5, mb: 1.5 }} />
        <Typography color="text.secondary">{m.subtitle}</Typography>
      </Box>

      <Box
        role="search"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 240px' },
          gap: 2,
          p: 2,
          mb: 3,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
        }}
      >
        <TextField
          type="search"
          label={m.search}
          value={text}
          onChange={(e) => setText(e.target.value.slice(0, MAX_SEARCH_CHARS))}
          autoComplete="off"
          fullWidth
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden="true" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          label={m.sort}
          value={sort}
          onChange={(e) => setSearchParams(toSearch({ q, sort: e.target.value as ProductSort, page: 1 }))}
          fullWidth
        >
          {SORT_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      {aside}

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
              <Typography sx={{ fontWeight: 700, mb: q ? 2 : 0 }}>{q ? m.noMatch(q) : messages.catalogue.empty}</Typography>
              {q && (
                <PlainButton type="button" tone="outlined" onClick={() => setSearchParams(toSearch({ q: '', sort, page: 1 }))}>
                  {m.clearSearch}
                </PlainButton>
              )}
            </Box>
          )}

          {items.length > 0 && (
            <CardGrid wide={4} busy={products.isPlaceholderData}>
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
                  <PaginationItem component={RouterLink} to={{ search: toSearch({ q, sort, page: item.page ?? 1 }) }} {...item} />
                )}
              />
            </Box>
          )}
        </>
      )}
    </Container>
  );
}
