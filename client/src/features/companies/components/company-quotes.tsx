import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { EmptyList, PagedList } from '@/components/ui/paged-list';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { approvalMessages as m } from '@/config/approval-messages';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/utils/format-date';
import { useCompanyQuotes } from '../api/company-quotes';

const PAGE = 20;

/** The company's quotes (issue 45, the company's view for its admins): each member's request, newest first, with its state. */
export function CompanyQuotes({ companyId }: { companyId: string }) {
  const titleId = useId();
  const [page, setPage] = useState(0);
  const list = useCompanyQuotes(companyId, { limit: PAGE, skip: page * PAGE });
  let body;
  if (list.isError) body = <ErrorMessage onRetry={() => void list.refetch()}>{errorMessage(list.error, m.quotesFailed)}</ErrorMessage>;
  else if (list.isPending) body = <LoadingSpinner />;
  else if (list.data.total === 0) body = <EmptyList>{m.quotesNone}</EmptyList>;
  else
    body = (
      <PagedList count={`${list.data.total}`} label={m.quotesTitle} total={list.data.total} page={page} pageSize={PAGE} onPageChange={setPage}>
        {list.data.items.map((q) => (
          <Box
            component="li"
            key={q._id}
            data-testid="company-quote"
            sx={{ display: 'grid', gap: 1, p: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2 }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'baseline' }}>
              <Typography sx={{ fontWeight: 800 }}>{m.quoteNumber(q.number)}</Typography>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{m.by(q.email)}</Typography>
              <Typography color="text.secondary">{formatDate(q.createdAt)}</Typography>
              <Typography sx={{ fontWeight: 700 }}>{m.quoteStates[q.status] ?? q.status}</Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {q.items.map((it) => `${it.productName} × ${it.quantity}`).join(', ')}
            </Typography>
          </Box>
        ))}
      </PagedList>
    );
  return (
    <Box component="section" aria-labelledby={titleId} data-testid="company-quotes" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={titleId} variant="h6" component="h3" sx={{ fontWeight: 800 }}>
        {m.quotesTitle}
      </Typography>
      <Typography color="text.secondary">{m.quotesIntro}</Typography>
      {body}
    </Box>
  );
}
