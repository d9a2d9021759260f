import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { catalogueMessages } from '@/config/catalogue-messages';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import type { Product } from '@/types/api';
import { formatPrice } from '@/utils/format';
import { useDeleteProduct } from '../api/delete-product';
import { getProductQueryOptions } from '../api/get-product';
import { getProductsQueryOptions } from '../api/get-products';
import { EditProductDialog } from './edit-product-dialog';

/** The server's largest page. */
export const MANAGE_PAGE_SIZE = 100;

const m = catalogueMessages.productAdmin;

/**
 * Manage Products: every product, a page of 100 at a time, with Edit and Delete.
 * `?edit={id}` (a link from elsewhere, e.g. the Sales page's low-stock list)
 * opens that product's edit dialog, wherever it is in the list.
 */
export function ManageProductsTable() {
  const [page, setPage] = useState(0);
  const products = useQuery({
    ...getProductsQueryOptions({ limit: MANAGE_PAGE_SIZE, skip: page * MANAGE_PAGE_SIZE }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const deleteProduct = useDeleteProduct();
  const toast = useToast();
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

  const total = products.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / MANAGE_PAGE_SIZE) - 1);
  // After deleting the last product of the last page, show the page before it.
  useEffect(() => {
    if (products.isSuccess && page > lastPage) setPage(lastPage);
  }, [products.isSuccess, page, lastPage]);

  const remove = (product: Product) => {
    if (!window.confirm(m.confirmDelete)) return;
    deleteProduct.mutate(product._id, {
      onSuccess: (result) => {
        if (result.deletedCount > 0) toast.success(m.deleted);
        else toast.error(m.deleteFailed);
      },
      onError: (error) => toast.error(withReason(m.deleteFailed, error)),
    });
  };

  if (products.isPending) return <LoadingSpinner />;
  if (products.isError) {
    return <ErrorMessage onRetry={() => void products.refetch()}>{errorMessage(products.error, messages.catalogue.loadFailed)}</ErrorMessage>;
  }

  const { items } = products.data;
  if (items.length === 0 && total === 0) return <Typography color="text.secondary">{m.empty}</Typography>;

  return (
    <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', containerType: 'inline-size' }}>
      <Box sx={{ px: { xs: 2, sm: 3 }, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography sx={{ fontWeight: 700 }}>{m.count(total)}</Typography>
      </Box>
      <Box sx={{ overflowX: 'auto' }} aria-busy={products.isFetching}>
        <Table
          aria-label={m.tableLabel}
          sx={{
            '& thead th': { fontWeight: 800, color: 'text.secondary', fontSize: '0.78rem', letterSpacing: '0.08em', textTransform: 'uppercase', bgcolor: '#f8f9fa' },
            '& tbody tr:last-of-type td': { borderBottom: 0 },
            '& td.product-actions > div': { justifyContent: 'flex-end', flexWrap: 'nowrap' },
            '& td.product-price, & td.product-available, & button': { whiteSpace: 'nowrap' },
            // A narrow table (phone, or beside the menu): each product is a block with its picture on the left.
            '@container (max-width: 700px)': {
              '& thead': { display: 'none' },
              '& tbody tr': {
                display: 'grid',
                gridTemplateColumns: '72px minmax(0, 1fr)',
                columnGap: 2,
                rowGap: 0.5,
                px: 2,
                py: 2,
                borderBottom: 1,
                borderColor: 'divider',
              },
              '& tbody tr:last-of-type': { borderBottom: 0 },
              '& tbody td, & tbody th': { border: 0, p: 0, gridColumn: 2, textAlign: 'left' },
              '& tbody td.product-image': { gridColumn: 1, gridRow: '1 / span 3' },
              '& td.product-actions': { gridColumn: '1 / span 2', mt: 1 },
              '& td.product-actions > div': { justifyContent: 'flex-start', flexWrap: 'wrap' },
              '& td.product-available::before': { content: 'attr(data-label) ": "', color: 'text.secondary' },
            },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 96 }}>{m.columnImage}</TableCell>
              <TableCell>{m.columnName}</TableCell>
              <TableCell align="right">{m.columnPrice}</TableCell>
              <TableCell align="right">{m.columnAvailable}</TableCell>
              <TableCell align="right">{m.columnActions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((product) => {
              const removing = deleteProduct.isPending && deleteProduct.variables === product._id;
              return (
                <TableRow key={product._id} hover data-testid="product-row">
                  <TableCell className="product-image">
                    <Box
                      component="img"
                      src={product.image}
                      alt=""
                      width={72}
                      height={54}
                      loading="lazy"
                      decoding="async"
                      sx={{ display: 'block', width: 72, height: 54, objectFit: 'cover', borderRadius: 1, bgcolor: '#eef0f3' }}
                    />
                  </TableCell>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 700, fontSize: '0.95rem' }}>
                    {product.name}
                  </TableCell>
                  <TableCell className="product-price" align="right" sx={{ fontWeight: 700 }}>
                    {formatPrice(product.price)}
                  </TableCell>
                  <TableCell className="product-available" align="right" data-label={m.columnAvailable}>
                    {m.pcs(product.avaialbequantit)}
                  </TableCell>
                  <TableCell className="product-actions" align="right">
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
                      <Button
                        size="small"
                        variant="outlined"
                        color="error"
                        startIcon={<DeleteOutlineIcon />}
                        loading={removing}
                        loadingPosition="start"
                        onClick={() => remove(product)}
                        aria-label={m.deleteLabel(product.name)}
                      >
                        {m.delete}
                      </Button>
                    </Box>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {total > MANAGE_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page, lastPage)}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={MANAGE_PAGE_SIZE}
          rowsPerPageOptions={[]}
          sx={{ borderTop: 1, borderColor: 'divider' }}
        />
      )}
      {dialogProduct && <EditProductDialog key={dialogProduct._id} product={dialogProduct} onClose={closeDialog} />}
    </Box>
  );
}
