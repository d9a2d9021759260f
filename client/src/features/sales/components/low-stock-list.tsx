import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { salesMessages as m } from '@/config/sales-messages';
import type { LowStockProduct } from '../api/get-sales';
import { EmptyState, Panel } from './panel';

/** The products no one can buy (stock below their minimum order), each with a link to edit it in Manage Products. */
export function LowStockList({ products }: { products: LowStockProduct[] }) {
  return (
    <Panel title={m.lowStockTitle}>
      {products.length === 0 ? (
        <EmptyState>{m.nothingLowOnStock}</EmptyState>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {m.lowStockIntro}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {products.map((product) => (
              <Box
                component="li"
                key={product._id}
                data-testid="low-stock-item"
                sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{product.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {m.lowStockFigures(product.avaialbequantit, product.minimumquantity)}
                  </Typography>
                </Box>
                <ButtonLink to={paths.dashboard.editProduct(product._id)} tone="outlined" size="small" aria-label={m.editProductLabel(product.name)}>
                  <EditOutlinedIcon fontSize="small" aria-hidden="true" />
                  {m.editProduct}
                </ButtonLink>
              </Box>
            ))}
          </Box>
        </>
      )}
    </Panel>
  );
}

export function LowStockSkeleton() {
  return (
    <Panel title={m.lowStockTitle}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={48} />
      ))}
    </Panel>
  );
}
