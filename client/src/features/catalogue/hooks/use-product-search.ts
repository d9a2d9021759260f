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

/** `?q=pump&sort=-price&page=2`: a product list's search and order in the URL (defaults left out). */
export const PRODUCT_LIST_PARAMS = { q: textParam, sort: choiceParam(SORT_OPTIONS.map((option) => option.value)) };

export type ProductSearchState = ListValues<typeof PRODUCT_LIST_PARAMS> & { page: number };

/** The request for one page of a product list: the server's default order needs no `sort`. */
export function productListParams({ q, sort, page }: ProductSearchState, pageSize: number): ProductListParams {
  return {
    limit: pageSize,
    skip: (page - 1) * pageSize,
    ...(q.trim() && { q: q.trim() }),
    ...(sort !== PRODUCT_LIST_PARAMS.sort.default && { sort }),
  };
}

/**
 * A searchable, sortable product list's state in the URL, and its search box:
 * `text` is what the box shows; it goes to the URL (and the server) once typing
 * pauses. Sorting and searching start again at page 1.
 */
export function useProductSearch() {
  const list = useUrlListState(PRODUCT_LIST_PARAMS);
  const [text, setText] = useSearchText(list.values.q, (q, options) => list.set({ q }, options));
  const state: ProductSearchState = { ...list.values, page: list.page };
  return { list, state, text, setText };
}
