import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { PagedList } from '@/components/ui/paged-list';
import { PagedQuery, type Paging } from '@/components/ui/paged-query';
import { SectionHeading } from '@/components/ui/section-heading';
import { orderMessages } from '@/config/order-messages';
import { formatDate } from '@/utils/format-date';
import { useCancellations, type Cancellation } from '../api/get-cancellations';

const m = orderMessages.orders;

export const CANCELLED_PAGE_SIZE = 10;

/** This section's own paging (the orders' table above keeps `?page=`). */
function useLocalPaging(pageSize: number): Paging {
  const [page, setPage] = useState(0);
  return useMemo(() => ({ page, pageSize, setPage: (next: number) => setPage(next), params: { limit: pageSize, skip: page * pageSize } }), [page, pageSize]);
}

/** Who cancelled, when it was not the buyer, and why when the shop said why (a reservation that ran out). */
function byWhom(c: Cancellation): string | null {
  if (c.reason === 'not paid in time') return m.cancelledNotPaidInTime;
  if (c.by === 'admin') return m.cancelledByAdmin;
  if (c.by === 'system') return m.cancelledBySystem;
  return null;
}

/**
 * One cancelled line: product, the number its buyer knew the purchase by (a cart's lines share it),
 * quantity, when (and by whom or why, if not its buyer), marked Cancelled.
 */
function CancelledRow({ cancellation: c }: { cancellation: Cancellation }) {
  const who = byWhom(c);
  return (
    <Box
      data-testid="cancelled-order"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.75,
        px: { xs: 2, sm: 3 },
        py: 1.5,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Typography component="span" sx={{ display: 'block', fontWeight: 700, lineHeight: 1.35, overflowWrap: 'anywhere' }}>
          {c.productName}
        </Typography>
        {(c.purchaseNumber ?? c.number) > 0 && (
          <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {m.orderNumberLong(c.purchaseNumber ?? c.number)}
          </Typography>
        )}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          <time dateTime={c.cancelledAt}>{m.cancelledOn(formatDate(c.cancelledAt))}</time>
          {who && <span data-testid="cancelled-by">{` ${who}`}</span>}
        </Typography>
      </Box>
      <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {m.quantityPcs(c.productQuantity)}
      </Typography>
      <Chip size="small" label={m.cancelledChip} variant="outlined" sx={{ fontWeight: 800, letterSpacing: '0.04em', color: 'text.secondary' }} />
    </Box>
  );
}

/**
 * My Order's cancelled orders: each order that was cancelled (its document
 * is deleted) stays listed, marked Cancelled. Nothing shows while there are none.
 */
export function CancelledOrders({ email }: { email: string | undefined }) {
  const paging = useLocalPaging(CANCELLED_PAGE_SIZE);
  const cancellations = useCancellations({ ...paging.params, enabled: Boolean(email) });
  if (!cancellations.isError && (cancellations.data?.total ?? 0) === 0) return null;
  return (
    <Box component="section" aria-labelledby="cancelled-orders-title" sx={{ mt: 5 }}>
      <SectionHeading id="cancelled-orders-title" title={m.cancelledTitle} subtitle={m.cancelledSubtitle} titleSize={{ xs: '1.5rem', md: '1.75rem' }} />
      <Box sx={{ mt: 2 }}>
        <PagedQuery query={cancellations} paging={paging} loadFailed={m.cancelledLoadFailed} empty={null}>
          {({ items, total }) => (
            <PagedList
              count={m.cancelledCount(total)}
              label={m.cancelledLabel}
              total={total}
              page={paging.page}
              pageSize={paging.pageSize}
              onPageChange={paging.setPage}
            >
              {items.map((c) => (
                <li key={c._id}>
                  <CancelledRow cancellation={c} />
                </li>
              ))}
            </PagedList>
          )}
        </PagedQuery>
      </Box>
    </Box>
  );
}
