import { catalogueMessages } from '@/config/catalogue-messages';
import { choiceParam, textParam, useSearchText, useUrlListState, type ListValues } from '@/lib/url-list-state';
import type { ProductSort } from '@/types/api';
import type { ProductListParams } from '../api/get-products';

const m = catalogueMessages.products;

/** The orders a product list offers; the first, the catalogue's own order, is the server's default. */
export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'createdAt', label: m.sortCatalogue },
  { value: 'name', label: m.sortNameAsc },
  { value: '-name', label: m.sortNameDesc },
  { value: 'price', label: m.sortPriceAsc },
  { value: '-price', label: m.sortPriceDesc },
];

/**
 * `?q=pump&sort=-price&category=Generators&minPrice=100&maxPrice=900&inStock=true&page=2`:
 * a product list's search, order and filters in the URL (defaults left out).
 * `/products?category=<name>` is a category's page (the sitemap lists them).
 */
export const PRODUCT_LIST_PARAMS = {
  q: textParam,
  sort: choiceParam(SORT_OPTIONS.map((option) => option.value)),
  category: textParam,
  minPrice: textParam,
  maxPrice: textParam,
  inStock: choiceParam(['', 'true']),
};

export type ProductSearchState = ListValues<typeof PRODUCT_LIST_PARAMS> & { page: number };

/** The filters of a product list (not its search or order). */
export type ProductFilters = Pick<ProductSearchState, 'category' | 'minPrice' | 'maxPrice' | 'inStock'>;

export const NO_FILTERS: ProductFilters = { category: '', minPrice: '', maxPrice: '', inStock: '' };

/** A price filter's dollars, or undefined for an empty or malformed one (which then filters nothing). */
export function priceFilter(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const dollars = Number(text);
  return Number.isFinite(dollars) && dollars >= 0 ? dollars : undefined;
}

/** How many filters are on (for the Filters button). */
/** A minimum price above the maximum (both set): no product can match, and the filters say why. */
export function priceRangeInverted(filters: Pick<ProductFilters, 'minPrice' | 'maxPrice'>): boolean {
  const min = Number(filters.minPrice);
  const max = Number(filters.maxPrice);
  return filters.minPrice !== '' && filters.maxPrice !== '' && Number.isFinite(min) && Number.isFinite(max) && min > max;
}

export function activeFilterCount({ category, minPrice, maxPrice, inStock }: ProductFilters): number {
  return [category !== '', priceFilter(minPrice) !== undefined, priceFilter(maxPrice) !== undefined, inStock === 'true'].filter(Boolean).length;
}

/** The request for one page of a product list: the server's default order needs no `sort`. */
export function productListParams(state: Partial<ProductFilters> & Pick<ProductSearchState, 'q' | 'sort' | 'page'>, pageSize: number): ProductListParams {
  const { q, sort, page, category = '', minPrice = '', maxPrice = '', inStock = '' } = state;
  const min = priceFilter(minPrice);
  const max = priceFilter(maxPrice);
  return {
    limit: pageSize,
    skip: (page - 1) * pageSize,
    ...(q.trim() && { q: q.trim() }),
    ...(sort !== PRODUCT_LIST_PARAMS.sort.default && { sort }),
    ...(category && { category }),
    ...(min !== undefined && { minPrice: min }),
    ...(max !== undefined && { maxPrice: max }),
    ...(inStock === 'true' && { inStock: true }),
  };
}

/**
 * A searchable, sortable, filterable product list's state in the URL, and its
 * search box: `text` is what the box shows; it goes to the URL (and the server)
 * once typing pauses. Sorting, searching and filtering start again at page 1.
 */
export function useProductSearch() {
  const list = useUrlListState(PRODUCT_LIST_PARAMS);
  const [text, setText] = useSearchText(list.values.q, (q, options) => list.set({ q }, options));
  const state: ProductSearchState = { ...list.values, page: list.page };
  return { list, state, text, setText };
}
