import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { serviceMessages } from '@/config/service-messages';
import type { Claim } from '../api/get-claims';

const m = serviceMessages.claims;

export const CLAIMS_PAGE_SIZE = 20;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatDate(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

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
    <Box
      component="article"
      aria-labelledby={titleId}
      data-testid="claim-card"
      sx={{
        p: { xs: 2, sm: 3 },
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderLeft: '6px solid',
        borderLeftColor: isDecided(claim) ? 'divider' : 'primary.main',
        borderRadius: 2,
        display: 'grid',
        gap: 1.5,
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, rowGap: 0.5 }}>
        <Typography component="h2" id={titleId} sx={{ fontWeight: 800, fontSize: '1.15rem' }}>
          {m.claimNumber(claim.number)}
        </Typography>
        <ClaimStatusChip claim={claim} />
        <Typography variant="body2" sx={{ fontWeight: 700 }} component="span">
          {m.forProduct(claim.productName, claim.orderNumber)}
        </Typography>
      </Box>
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
    </Box>
  );
}
