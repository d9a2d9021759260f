import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyList, PagedList } from '@/components/ui/paged-list';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { approvalMessages as m } from '@/config/approval-messages';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import type { Purchase } from '@/types/api';
import { formatCents } from '@/utils/format';
import { formatDate } from '@/utils/format-date';
import { useCompanyPurchases } from '../api/approvals';
import { ApprovalActions } from './approval-actions';

const PAGE = 20;

/** One purchase of the company: its number (a link to its page), buyer, date, state, total; Approve / Decline while it awaits approval. */
function PurchaseRow({ purchase, decide }: { purchase: Purchase; decide: boolean }) {
  return (
    <Box
      component="li"
      data-testid="company-purchase"
      sx={{ display: 'grid', gap: 1, p: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'baseline' }}>
        <Link component={RouterLink} to={paths.dashboard.order.to(purchase._id)} sx={{ fontWeight: 800, color: 'info.main' }}>
          #{purchase.number}
        </Link>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{m.by(purchase.email)}</Typography>
        <Typography color="text.secondary">{formatDate(purchase.createdAt)}</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="company-purchase-state">
          {m.states[purchase.state] ?? purchase.state}
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>{formatCents(purchase.amount)}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {purchase.orders.map((o) => `${o.productName} × ${o.productQuantity}`).join(', ')}
      </Typography>
      {decide && purchase.awaitingApproval && <ApprovalActions id={purchase._id} number={purchase.number} onAccount={purchase.payment === 'account'} />}
    </Box>
  );
}

/**
 * A company's purchases (issue 45), newest first, a page at a time: `awaiting` lists those awaiting approval with
 * Approve / Decline (its approvers and admins: "To approve"); otherwise every one (its admins: the company's view).
 */
export function CompanyPurchases({ companyId, awaiting }: { companyId: string; awaiting: boolean }) {
  const titleId = useId();
  const [page, setPage] = useState(0);
  const list = useCompanyPurchases(companyId, { ...(awaiting && { awaitingApproval: 'true' }), limit: PAGE, skip: page * PAGE });
  const title = awaiting ? m.toApprove : m.purchasesTitle;
  let body;
  if (list.isError) body = <ErrorMessage onRetry={() => void list.refetch()}>{errorMessage(list.error, awaiting ? m.loadFailed : m.purchasesFailed)}</ErrorMessage>;
  else if (list.isPending) body = <LoadingSpinner />;
  else if (list.data.total === 0) body = <EmptyList>{awaiting ? m.none : m.purchasesNone}</EmptyList>;
  else
    body = (
      <PagedList count={`${list.data.total}`} label={title} total={list.data.total} page={page} pageSize={PAGE} onPageChange={setPage}>
        {list.data.items.map((purchase) => (
          <PurchaseRow key={purchase._id} purchase={purchase} decide={awaiting} />
        ))}
      </PagedList>
    );
  return (
    <Box component="section" aria-labelledby={titleId} data-testid={awaiting ? 'to-approve' : 'company-purchases'} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={titleId} variant="h6" component="h3" sx={{ fontWeight: 800 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{awaiting ? m.toApproveIntro : m.purchasesIntro}</Typography>
      {body}
    </Box>
  );
}
