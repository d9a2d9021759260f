import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DeleteButton } from '@/components/ui/delete-button';
import { PlainButton } from '@/components/ui/button-link';
import { useListPaging } from '@/components/ui/paged-query';
import { PagedTable, type Column } from '@/components/ui/paged-table';
import { Thumbnail } from '@/components/ui/thumbnail';
import { catalogueMessages } from '@/config/catalogue-messages';
import { messages } from '@/config/messages';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import type { Product } from '@/types/api';
import { formatPrice } from '@/utils/format';
import { useDeleteProduct } from '../api/delete-product';
import { getProductQueryOptions } from '../api/get-product';
import { getProductsQueryOptions } from '../api/get-products';
import { productListParams, useProductSearch } from '../hooks/use-product-search';
import { EditProductDialog } from './edit-product-dialog';
import { ProductSearchBar } from './product-search-bar';

export const MANAGE_PAGE_SIZE = 20;

const m = catalogueMessages.productAdmin;

const tableSx = {
  '& th.product-image': { width: 96 },
  '& td.product-actions > div': { justifyContent: 'flex-end', flexWrap: 'nowrap' },
  '& td.product-price, & td.product-available, & button': { whiteSpace: 'nowrap' },
  // A narrow table (phone, or beside the menu): each product is a block with its picture on the left.
  '@container (max-width: 700px)': {
    '& tbody tr': { gridTemplateColumns: '72px minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 },
    '& tbody td, & tbody th': { gridColumn: 2 },
    '& tbody td.product-image': { gridColumn: 1, gridRow: '1 / span 3' },
    '& td.product-actions': { gridColumn: '1 / span 2', mt: 1 },
    '& td.product-actions > div': { justifyContent: 'flex-start', flexWrap: 'wrap' },
    // "Available: 12 pcs" on one line.
    '& td.product-available .cell-label': { display: 'inline', font: 'inherit', letterSpacing: 'normal', textTransform: 'none', m: 0, '&::after': { content: '": "' } },
  },
} as const;

/**
 * Manage Products: every product, 20 a page, searchable by name and sortable
 * (all kept in the URL, as on /products), with Edit and Delete. `?edit={id}` (a link from elsewhere, e.g. the Sales page's low-stock list)
 * opens that product's edit dialog, wherever it is in the list.
 */
export function ManageProductsTable() {
  const { list, state, text, setText } = useProductSearch();
  const paging = useListPaging(list, MANAGE_PAGE_SIZE);
  const products = useQuery({
    ...getProductsQueryOptions(productListParams(state, MANAGE_PAGE_SIZE)),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const remove = useConfirmedAction(useDeleteProduct(), { confirm: m.confirmDelete, done: m.deleted, gone: m.alreadyDeleted, failed: m.deleteFailed });
  const [editing, setEditing] = useState<Product | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get('edit');
  const linked = useQuery({ ...getProductQueryOptions(linkedId ?? ''), enabled: Boolean(linkedId), staleTime: 0 });
  const dialogProduct = editing ?? (linkedId ? (linked.data ?? null) : null);
  const closeDialog = () => {
    setEditing(null);
    if (linkedId) {
      setSearchParams(
        (params) => {
          params.delete('edit');
          return params;
        },
        { replace: true },
      );
    }
  };

  const columns: Column<Product>[] = [
    {
      key: 'image',
      header: m.columnImage,
      className: 'product-image',
      render: (product) => <Thumbnail src={product.image} width={72} height={54} />,
    },
    { key: 'name', header: m.columnName, rowHeader: true, sx: { fontWeight: 700, fontSize: '0.95rem' }, render: (product) => product.name },
    { key: 'price', header: m.columnPrice, align: 'right', className: 'product-price', sx: { fontWeight: 700 }, render: (product) => formatPrice(product.price) },
    { key: 'available', header: m.columnAvailable, align: 'right', className: 'product-available', labelled: true, render: (product) => m.pcs(product.avaialbequantit) },
    {
      key: 'actions',
      header: m.columnActions,
      align: 'right',
      className: 'product-actions',
      render: (product) => (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            startIcon={<EditOutlinedIcon />}
            onClick={() => setEditing(product)}
            aria-label={m.editLabel(product.name)}
          >
            {m.edit}
          </Button>
          <DeleteButton
            loading={remove.isRunning(product._id)}
            onClick={() => remove.run(product._id)}
            aria-label={m.deleteLabel(product.name)}
          >
            {m.delete}
          </DeleteButton>
        </Box>
      ),
    },
  ];

  return (
    <>
      <PagedTable
        query={products}
        paging={paging}
        columns={columns}
        label={m.tableLabel}
        count={m.count}
        loadFailed={messages.catalogue.loadFailed}
        toolbar={
          // No search over an empty catalogue.
          (state.q !== '' || (products.data?.total ?? 0) > 0) && (
            <ProductSearchBar text={text} onTextChange={setText} sort={state.sort} onSortChange={(sort) => list.set({ sort })} dense sx={{ mb: 2 }} />
          )
        }
        empty={state.q ? catalogueMessages.products.noMatch(state.q) : m.empty}
        emptyAction={
          state.q && (
            <PlainButton type="button" tone="outlined" onClick={() => list.set({ q: '' })}>
              {catalogueMessages.products.clearSearch}
            </PlainButton>
          )
        }
        rowTestId="product-row"
        stackBelow={700}
        sx={tableSx}
      />
      {dialogProduct && <EditProductDialog key={dialogProduct._id} product={dialogProduct} onClose={closeDialog} />}
    </>
  );
}
