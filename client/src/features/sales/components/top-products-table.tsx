import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { salesMessages as m } from '@/config/sales-messages';
import { formatPrice } from '@/utils/format';
import type { TopProduct } from '../api/get-sales';
import { EmptyState, Panel } from './panel';

const tableSx = {
  '& thead th': { fontWeight: 800, color: 'text.secondary', fontSize: '0.78rem', letterSpacing: '0.08em', textTransform: 'uppercase' },
  '& tbody tr:last-of-type > *': { borderBottom: 0 },
  '& td, & th': { px: { xs: 1, sm: 2 } },
} as const;

function Header() {
  return (
    <TableHead>
      <TableRow>
        <TableCell>{m.columnProduct}</TableCell>
        <TableCell align="right">{m.columnUnits}</TableCell>
        <TableCell align="right">{m.columnRevenue}</TableCell>
      </TableRow>
    </TableHead>
  );
}

/** The best sellers of the period, by revenue (the server ranks them). */
export function TopProductsTable({ products }: { products: TopProduct[] }) {
  return (
    <Panel title={m.topProductsTitle}>
      {products.length === 0 ? (
        <EmptyState>{m.noTopProducts}</EmptyState>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={m.topProductsLabel} sx={tableSx}>
            <Header />
            <TableBody>
              {products.map((product) => (
                <TableRow key={product.productId} data-testid="top-product-row">
                  <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                    {product.name}
                  </TableCell>
                  <TableCell align="right">{product.units}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    {formatPrice(product.revenue)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Panel>
  );
}

export function TopProductsSkeleton() {
  return (
    <Panel title={m.topProductsTitle}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Panel>
  );
}
