import { useState } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { EmptyList, PagedList, useStepBackWhenEmpty } from '@/components/ui/paged-list';
import { paths } from '@/config/paths';
import { serviceMessages } from '@/config/service-messages';
import { errorMessage } from '@/lib/api-client';
import { useClaims } from '../api/get-claims';
import { ClaimCard, CLAIMS_PAGE_SIZE } from './claim-parts';

const m = serviceMessages.claims;

/** My Claims: the customer's replacement claims and what was decided. */
export function MyClaims() {
  const [page, setPage] = useState(0);
  const claims = useClaims({ limit: CLAIMS_PAGE_SIZE, skip: page * CLAIMS_PAGE_SIZE });
  useStepBackWhenEmpty(page, setPage, claims.data, claims.isPlaceholderData);

  if (claims.isError) {
    return <ErrorMessage onRetry={() => void claims.refetch()}>{errorMessage(claims.error, m.loadFailed)}</ErrorMessage>;
  }
  if (!claims.data) return <LoadingSpinner />;

  const { items, total } = claims.data;
  if (total === 0) {
    return (
      <EmptyList
        action={
          <ButtonLink to={paths.dashboard.myOrder} tone="primary">
            {m.myOrders}
          </ButtonLink>
        }
      >
        {m.emptyMine}
      </EmptyList>
    );
  }
  return (
    <PagedList count={m.count(total)} label={m.listLabel} total={total} page={page} pageSize={CLAIMS_PAGE_SIZE} onPageChange={setPage}>
      {items.map((claim) => (
        <li key={claim._id}>
          <ClaimCard claim={claim} />
        </li>
      ))}
    </PagedList>
  );
}
