import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DashboardCard, DashboardCardHead } from '@/components/ui/dashboard-card';
import { PagedList } from '@/components/ui/paged-list';
import { PagedQuery, usePaging } from '@/components/ui/paged-query';
import { repeatBuyingMessages } from '@/config/repeat-buying-messages';
import { serviceMessages } from '@/config/service-messages';
import { formatDate } from '@/utils/format-date';
import { useClaims, type Claim } from '../api/get-claims';

const m = serviceMessages.claims;
const q = repeatBuyingMessages.claims;

export const CLAIMS_PAGE_SIZE = 20;

export const isDecided = (claim: Claim) => claim.status === 'approved' || claim.status === 'rejected';

export function ClaimStatusChip({ claim }: { claim: Claim }) {
  const colour = claim.status === 'approved' ? 'success' : claim.status === 'rejected' ? 'error' : 'default';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colour}
      label={m.status[claim.status] ?? claim.status}
      data-testid="claim-status"
      sx={{ fontWeight: 800, letterSpacing: '0.04em' }}
    />
  );
}

interface ClaimCardProps {
  claim: Claim;
  /** Show who claimed (the admin's list). */
  showCustomer?: boolean;
  children?: ReactNode;
}

/** One claim: number, order, status and dates, the reason, the photos and the decision. */
export function ClaimCard({ claim, showCustomer = false, children }: ClaimCardProps) {
  const titleId = `claim-${claim._id}`;
  return (
    <DashboardCard titleId={titleId} stripeColor={isDecided(claim) ? 'divider' : 'primary.main'} data-testid="claim-card" sx={{ minWidth: 0 }}>
      <DashboardCardHead titleId={titleId} title={m.claimNumber(claim.number)}>
        <ClaimStatusChip claim={claim} />
        <Typography variant="body2" sx={{ fontWeight: 700 }} component="span">
          {claim.purchaseNumber && claim.purchaseNumber !== claim.orderNumber
            ? q.forLine(claim.productName, claim.purchaseNumber)
            : m.forProduct(claim.productName, claim.orderNumber)}
        </Typography>
        {claim.quantity > 0 && (
          <Typography variant="body2" component="span" data-testid="claim-pieces">
            {q.piecesClaimed(claim.quantity)}
            {claim.approvedQuantity ? ` · ${q.piecesApproved(claim.approvedQuantity)}` : ''}
          </Typography>
        )}
      </DashboardCardHead>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}>
        <Typography variant="body2" color="text.secondary" component="span">
          <time dateTime={claim.createdAt}>{m.claimedOn(formatDate(claim.createdAt))}</time>
        </Typography>
        {claim.decidedAt && (
          <Typography variant="body2" color="text.secondary" component="span">
            <time dateTime={claim.decidedAt}>{m.decidedOn(formatDate(claim.decidedAt))}</time>
          </Typography>
        )}
        {showCustomer && (
          <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} component="span">
            {m.from(claim.email)}
          </Typography>
        )}
      </Box>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 700, color: 'text.secondary' }}>
          {m.reasonLabel}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{claim.reason}</Typography>
      </Box>
      {claim.images.length > 0 && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 700, color: 'text.secondary', mb: 0.5 }}>
            {m.photosLabel}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {claim.images.map((src, i) => (
              <li key={src}>
                <Box component="a" href={src} target="_blank" rel="noreferrer" sx={{ display: 'block', borderRadius: 1 }}>
                  <Box
                    component="img"
                    src={src}
                    alt={m.photoAlt(i + 1)}
                    width={96}
                    height={72}
                    loading="lazy"
                    sx={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 1, display: 'block', bgcolor: 'background.default' }}
                  />
                </Box>
              </li>
            ))}
          </Box>
        </Box>
      )}
      {claim.status === 'approved' && <Typography sx={{ fontWeight: 700 }}>{m.replacementOrdered}</Typography>}
      {claim.note && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 700, color: 'text.secondary' }}>
            {m.note}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{claim.note}</Typography>
        </Box>
      )}
      {children}
    </DashboardCard>
  );
}

interface ClaimListProps {
  /** Said when there are no claims. */
  empty: string;
  /** A way on from the empty list. */
  emptyAction?: ReactNode;
  /** Show who claimed (the admin's list). */
  showCustomer?: boolean;
  /** What goes at the end of a claim's card (the admin's decision form). */
  actions?: (claim: Claim) => ReactNode;
}

/** The claims the server lists for the user (a customer: their own; an admin: all), a page of cards at a time. */
export function ClaimList({ empty, emptyAction, showCustomer = false, actions }: ClaimListProps) {
  const paging = usePaging(CLAIMS_PAGE_SIZE);
  const claims = useClaims(paging.params);
  // A link to one claim (`#claim-<id>`, from a replacement order) scrolls to it once the list is in.
  const { hash } = useLocation();
  const loaded = claims.data !== undefined;
  useEffect(() => {
    if (loaded && hash.startsWith('#claim-')) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
  return (
    <PagedQuery query={claims} paging={paging} loadFailed={m.loadFailed} empty={empty} emptyAction={emptyAction}>
      {({ items, total }) => (
        <PagedList count={m.count(total)} label={m.listLabel} total={total} page={paging.page} pageSize={paging.pageSize} onPageChange={paging.setPage}>
          {items.map((claim) => (
            <li key={claim._id}>
              <ClaimCard claim={claim} showCustomer={showCustomer}>
                {actions?.(claim)}
              </ClaimCard>
            </li>
          ))}
        </PagedList>
      )}
    </PagedQuery>
  );
}
