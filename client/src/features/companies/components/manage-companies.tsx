import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { DashboardCard } from '@/components/ui/dashboard-card';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { companyMessages } from '@/config/company-messages';
import { errorMessage } from '@/lib/api-client';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import type { Company, CompanyStatus } from '@/types/api';
import { formatDate } from '@/utils/format-date';
import { useDecideCompany } from '../api/company-changes';
import { useCompanies } from '../api/get-companies';
import { PriceListForm } from './price-list-form';
import { TermsForm } from './terms-form';

/** The aging report loads with this page's first look, apart from the cards (issue 45). */
const AgingReport = lazy(() => import('./aging-report'));

const m = companyMessages;
const STATUSES: CompanyStatus[] = ['pending', 'approved', 'declined'];

function CompanyCard({ company }: { company: Company }) {
  const decide = useDecideCompany();
  const action = useConfirmedAction(decide, {
    done: (_r, v) => (v.status === 'approved' ? m.manage.approved(company.name) : m.manage.declined(company.name)),
    failed: m.manage.failed,
  });
  const titleId = `company-${company._id}`;
  const deciding = decide.isPending ? decide.variables?.status : undefined;
  return (
    <DashboardCard titleId={titleId} stripeColor={company.status === 'pending' ? 'primary.main' : 'divider'} data-testid="company-card">
      <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
        {company.name}
      </Typography>
      <Typography sx={{ fontWeight: 700 }}>{m.status[company.status]}</Typography>
      <Typography color="text.secondary">
        {m.details.taxId}: {company.taxId}
      </Typography>
      <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
        {m.details.billingAddress}: {company.billingAddress}
      </Typography>
      <Typography color="text.secondary">
        {m.manage.applied}: {formatDate(company.createdAt)}
      </Typography>
      {company.status === 'pending' && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" loading={deciding === 'approved'} disabled={deciding === 'declined'} onClick={() => action.run({ id: company._id, status: 'approved' })} aria-label={m.manage.approveLabel(company.name)}>
            {m.manage.approve}
          </Button>
          <Button variant="outlined" color="error" loading={deciding === 'declined'} disabled={deciding === 'approved'} onClick={() => action.run({ id: company._id, status: 'declined' })} aria-label={m.manage.declineLabel(company.name)}>
            {m.manage.decline}
          </Button>
        </Box>
      )}
      {company.status === 'approved' && <PriceListForm company={company} />}
      {company.status === 'approved' && <TermsForm company={company} />}
    </DashboardCard>
  );
}

/** /dashboard/companies (admins): the applications, pending first by default; approve or decline each once. */
export function ManageCompanies() {
  const [status, setStatus] = useState<CompanyStatus | ''>('pending');
  const list = useCompanies(status ? { status, limit: 100 } : { limit: 100 });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Suspense fallback={<LoadingSpinner />}>
        <AgingReport />
      </Suspense>
      <TextField select label={m.manage.filter} value={status} onChange={(e) => setStatus(e.target.value as CompanyStatus | '')} size="small" sx={{ maxWidth: 240 }}>
        <MenuItem value="">{m.manage.all}</MenuItem>
        {STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {m.status[s]}
          </MenuItem>
        ))}
      </TextField>
      {list.isError ? (
        <ErrorMessage onRetry={() => void list.refetch()}>{errorMessage(list.error, m.manage.loadFailed)}</ErrorMessage>
      ) : list.isPending ? (
        <LoadingSpinner />
      ) : list.data.items.length === 0 ? (
        <Typography>{m.manage.empty}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {list.data.items.map((company) => (
            <CompanyCard key={company._id} company={company} />
          ))}
        </Box>
      )}
    </Box>
  );
}
