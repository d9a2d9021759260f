import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SectionHeading } from '@/components/ui/section-heading';
import { approvalMessages } from '@/config/approval-messages';
import { cartMessages } from '@/config/cart-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { termsMessages } from '@/config/terms-messages';
import { OrderAgainButton } from '@/features/cart/components/order-again-button';
import { useClaims } from '@/features/claims/api/get-claims';
import { useCompanies } from '@/features/companies';
import { ApprovalActions } from '@/features/companies/components/approval-actions';
import { usePurchase } from '@/features/orders/api/get-purchase';
import { FreightPrice } from '@/features/orders/components/freight-price';
import { OrderDetails, OrderDetailsError } from '@/features/orders/components/order-details';
import { useAdminStatus, useSession } from '@/lib/auth';
import type { Purchase } from '@/types/api';

const o = cartMessages.order;

/**
 * A purchase awaiting its company's approval (issue 45): its buyer reads that it waits; an approver or admin of the
 * buyer's company approves or declines it here (the e-mail they got links to this page).
 */
function AwaitingApproval({ purchase, mine }: { purchase: Purchase; mine: boolean }) {
  const navigate = useNavigate();
  const own = useCompanies().data?.items[0];
  const approver = !mine && own !== undefined && own._id === purchase.companyId && (own.role === 'approver' || own.role === 'admin');
  return (
    <Box component="section" aria-label={approvalMessages.states.awaiting_approval} data-testid="awaiting-approval" sx={{ display: 'grid', gap: 1.5, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Typography component="h2" sx={{ fontWeight: 800 }}>
        {approvalMessages.states.awaiting_approval}
      </Typography>
      <Typography>{mine ? approvalMessages.awaiting : approvalMessages.awaitingApprover(purchase.email)}</Typography>
      {approver && <ApprovalActions id={purchase._id} number={purchase.number} onAccount={purchase.payment === 'account'} onDeclined={() => void navigate(paths.dashboard.company)} />}
    </Box>
  );
}

/** A purchase on its company's account, approved and not yet shipped (issue 45): nothing to pay now; invoiced when it ships. */
function OnAccount() {
  return (
    <Box component="section" aria-label={approvalMessages.states.on_account} data-testid="on-account" sx={{ display: 'grid', gap: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Typography component="h2" sx={{ fontWeight: 800 }}>
        {approvalMessages.states.on_account}
      </Typography>
      <Typography>{termsMessages.checkout.quotePlaced}</Typography>
    </Box>
  );
}

/** /dashboard/order/:id (the buyer): one purchase's page, by the purchase's id (a single order's id is one): its lines, history, invoice. */
export default function OrderPage() {
  const { id = '' } = useParams();
  const purchase = usePurchase(id);
  // The buyer's claims (at most the first 100): those on this purchase's lines join its history.
  const claims = useClaims({ limit: 100 });
  const admin = useAdminStatus().data === true;
  const me = useSession().user?.email;
  const mine = purchase.data !== undefined && purchase.data.email === me;
  const title = purchase.data ? o.title(purchase.data.number) : o.details;
  return (
    <Box>
      <title>{`${title} | ${site.storeName}`}</title>
      <Link component={RouterLink} to={paths.dashboard.myOrder} sx={{ display: 'inline-block', mb: 2, fontWeight: 700, color: 'info.main' }}>
        {o.back}
      </Link>
      <SectionHeading component="h1" title={title} />
      {purchase.isError ? (
        <OrderDetailsError error={purchase.error} onRetry={() => void purchase.refetch()} />
      ) : purchase.data ? (
        <Box sx={{ display: 'grid', gap: 3 }}>
          {(mine || admin) && <OrderAgainButton number={purchase.data.number} lines={purchase.data.orders} />}
          {purchase.data.state === 'awaiting_approval' && <AwaitingApproval purchase={purchase.data} mine={mine} />}
          {purchase.data.state === 'on_account' && <OnAccount />}
          {purchase.data.state === 'awaiting_freight' && <FreightPrice purchaseId={purchase.data._id} admin={admin} />}
          <OrderDetails purchase={purchase.data} claims={claims.data?.items ?? []} readOnly={!mine && !admin} />
        </Box>
      ) : (
        <LoadingSpinner minHeight="40vh" />
      )}
    </Box>
  );
}
