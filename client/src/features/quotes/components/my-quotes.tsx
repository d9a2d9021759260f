import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DoNotDisturbAltIcon from '@mui/icons-material/DoNotDisturbAlt';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { PagedList } from '@/components/ui/paged-list';
import { PagedQuery, usePaging } from '@/components/ui/paged-query';
import { termsMessages } from '@/config/terms-messages';
import { approvalMessages } from '@/config/approval-messages';
import { paths } from '@/config/paths';
import { serviceMessages } from '@/config/service-messages';
import { useAcceptQuote } from '../api/accept-quote';
import { useQuotes, type Quote } from '../api/get-quotes';
import { AcceptDialog } from './accept-dialog';
import { isExpired, QuoteCard, QUOTES_PAGE_SIZE, useConfirmedDecline } from './quote-parts';

const m = serviceMessages.quotes;

/**
 * An accepted quote: where its order is; right after accepting, that it is placed and the way to pay it
 * (the purchase's payment page: an accepted quote is one purchase, under the id the server answered).
 */
function AcceptedNote({ purchaseId, awaiting = false, onAccount = false }: { purchaseId?: string; awaiting?: boolean; onAccount?: boolean }) {
  return (
    <Box role="status" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, p: 1.5, borderRadius: 1.5, border: 1, borderColor: 'success.main' }}>
      <CheckCircleOutlineIcon aria-hidden="true" sx={{ color: 'success.main' }} />
      {purchaseId && <Typography sx={{ fontWeight: 700 }}>{m.acceptedText}</Typography>}
      {/* issue 45: above the buyer's limit, it waits for their company's approval before it can be paid */}
      {purchaseId && awaiting && <Typography data-testid="quote-awaiting-approval">{approvalMessages.placedNote}</Typography>}
      {/* on the company's account: nothing to pay now */}
      {purchaseId && !awaiting && onAccount && <Typography data-testid="quote-on-account">{termsMessages.checkout.quotePlaced}</Typography>}
      {purchaseId && !awaiting && !onAccount && (
        <Button component={RouterLink} to={paths.payment.to(purchaseId)} variant="contained" size="small">
          {m.acceptedPay}
        </Button>
      )}
      <Button component={RouterLink} to={paths.dashboard.myOrder} variant="outlined" color="secondary" size="small">
        {m.acceptedLink}
      </Button>
    </Box>
  );
}

interface CustomerActionsProps {
  quote: Quote;
  accepting: boolean;
  declining: boolean;
  purchaseId?: string;
  awaiting?: boolean;
  onAccount?: boolean;
  onAccept: (quote: Quote) => void;
  onDecline: (quote: Quote) => void;
}

function CustomerActions({ quote, accepting, declining, purchaseId, awaiting, onAccount, onAccept, onDecline }: CustomerActionsProps) {
  if (quote.status === 'accepted') return <AcceptedNote purchaseId={purchaseId} awaiting={awaiting} onAccount={onAccount} />;
  if (quote.status === 'declined') return null;
  const canAccept = quote.status === 'quoted' && !isExpired(quote);
  const canDecline = quote.status === 'requested' || canAccept;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {quote.status === 'requested' && (
        <Typography variant="body2" color="text.secondary">
          {m.awaitingPrice}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {canAccept && (
          <Button
            variant="contained"
            startIcon={<CheckCircleOutlineIcon />}
            loading={accepting}
            loadingPosition="start"
            disabled={declining}
            onClick={() => onAccept(quote)}
            aria-label={m.acceptLabel(quote.number)}
          >
            {m.accept}
          </Button>
        )}
        {canDecline && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DoNotDisturbAltIcon />}
            loading={declining}
            loadingPosition="start"
            disabled={accepting}
            onClick={() => onDecline(quote)}
            aria-label={m.declineLabel(quote.number)}
          >
            {m.decline}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** My Quotes: the customer's quote requests; accept a priced one (it becomes one order, paid at once or later) or decline. */
export function MyQuotes() {
  const paging = usePaging(QUOTES_PAGE_SIZE);
  const quotes = useQuotes(paging.params);
  const accept = useAcceptQuote();
  const decline = useConfirmedDecline();
  // The purchase each quote accepted here became (its id: the payment page's).
  const [placed, setPlaced] = useState<Record<string, { id: string; awaiting: boolean; onAccount: boolean }>>({});
  // The quote whose accept dialog is open.
  const [accepting, setAccepting] = useState<Quote | null>(null);

  const onAccepted = (quote: Quote, purchaseId: string, awaiting: boolean, onAccount: boolean) => {
    setPlaced((p) => ({ ...p, [quote._id]: { id: purchaseId, awaiting, onAccount } }));
    setAccepting(null);
  };

  return (
    <PagedQuery
      query={quotes}
      paging={paging}
      loadFailed={m.loadFailed}
      empty={m.emptyMine}
      emptyAction={
        <ButtonLink to={paths.products} tone="primary">
          {m.requestOne}
        </ButtonLink>
      }
    >
      {({ items, total }) => (
        <>
          <PagedList count={m.count(total)} label={m.listLabel} total={total} page={paging.page} pageSize={paging.pageSize} onPageChange={paging.setPage}>
            {items.map((quote) => (
              <li key={quote._id}>
                <QuoteCard quote={quote}>
                  <CustomerActions
                    quote={quote}
                    accepting={accept.isPending && accept.variables?.id === quote._id}
                    declining={decline.isRunning(quote._id)}
                    purchaseId={placed[quote._id]?.id}
                    awaiting={placed[quote._id]?.awaiting}
                    onAccount={placed[quote._id]?.onAccount}
                    onAccept={setAccepting}
                    onDecline={(q) => decline.run(q._id)}
                  />
                </QuoteCard>
              </li>
            ))}
          </PagedList>
          {accepting && (
            <AcceptDialog
              key={accepting._id}
              quote={accepting}
              accept={(delivery) => accept.mutateAsync({ id: accepting._id, revision: accepting.revision ?? 0, delivery })}
              pending={accept.isPending}
              onAccepted={(result, onAccount) => onAccepted(accepting, result.groupId ?? accepting._id, result.awaitingApproval === true, onAccount)}
              onClose={() => setAccepting(null)}
            />
          )}
        </>
      )}
    </PagedQuery>
  );
}
