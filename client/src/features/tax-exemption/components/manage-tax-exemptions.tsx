import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DashboardCard } from '@/components/ui/dashboard-card';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { taxExemptionMessages } from '@/config/tax-exemption-messages';
import { errorMessage } from '@/lib/api-client';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import type { TaxExemption, TaxExemptionStatus } from '@/types/api';
import { formatDate } from '@/utils/format-date';
import { useDecideTaxExemption, useOpenCertificate, useTaxExemptions } from '../api/tax-exemptions';

const m = taxExemptionMessages;
const STATUSES: TaxExemptionStatus[] = ['pending', 'approved', 'declined'];

/** One buyer's exemption: open the certificate; approve, or decline with a reason (an approved one may be declined later). */
function ExemptionReview({ exemption }: { exemption: TaxExemption }) {
  const decide = useDecideTaxExemption();
  const open = useOpenCertificate();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const action = useConfirmedAction(decide, {
    done: (_r, v) => (v.status === 'approved' ? m.manage.approved(exemption.number) : m.manage.declined(exemption.number)),
    failed: m.manage.failed,
  });
  const deciding = decide.isPending ? decide.variables?.status : undefined;
  const titleId = `exemption-${exemption._id}`;
  const decline = () => {
    if (reason.trim() === '') {
      setReasonError(m.manage.reasonRequired);
      return;
    }
    action.run({ id: exemption._id, status: 'declined', reason: reason.trim() }, m.manage.confirmDecline(exemption.number));
  };
  return (
    <DashboardCard titleId={titleId} stripeColor={exemption.status === 'pending' ? 'primary.main' : 'divider'} data-testid="exemption-review">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 800 }}>
          {m.certificateOf(exemption.number, exemption.country)}
        </Typography>
        <Chip size="small" variant="outlined" label={m.statusShort[exemption.status]} sx={{ fontWeight: 800 }} />
      </Box>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{m.manage.buyer(exemption.name, exemption.email)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {m.sentOn(formatDate(exemption.createdAt))}
      </Typography>
      {exemption.reason && <Typography>{m.reason(exemption.reason)}</Typography>}
      <Box>
        <Button
          size="small"
          variant="outlined"
          color="secondary"
          loading={open.isPending}
          onClick={() => open.mutate(exemption._id, { onError: (e) => toast.error(withReason(m.viewFailed, e)) })}
          aria-label={m.viewLabel(exemption.number)}
        >
          {m.view}
        </Button>
      </Box>
      {exemption.status !== 'declined' && (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <TextField
            label={m.manage.reason}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(null);
            }}
            error={reasonError !== null}
            helperText={reasonError ?? ' '}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {exemption.status === 'pending' && (
              <Button
                variant="contained"
                loading={deciding === 'approved'}
                disabled={deciding === 'declined'}
                onClick={() => action.run({ id: exemption._id, status: 'approved', ...(reason.trim() && { reason: reason.trim() }) }, m.manage.confirmApprove(exemption.number))}
                aria-label={m.manage.approveLabel(exemption.number)}
              >
                {m.manage.approve}
              </Button>
            )}
            <Button variant="outlined" color="error" loading={deciding === 'declined'} disabled={deciding === 'approved'} onClick={decline} aria-label={m.manage.declineLabel(exemption.number)}>
              {m.manage.decline}
            </Button>
          </Box>
        </Box>
      )}
    </DashboardCard>
  );
}

/** /dashboard/tax-exemptions (admins): the certificates, pending first by default. */
export function ManageTaxExemptions() {
  const [status, setStatus] = useState<TaxExemptionStatus | ''>('pending');
  const list = useTaxExemptions(status ? { status, limit: 100 } : { limit: 100 });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField select label={m.manage.filter} value={status} onChange={(e) => setStatus(e.target.value as TaxExemptionStatus | '')} size="small" sx={{ maxWidth: 240 }}>
        <MenuItem value="">{m.manage.all}</MenuItem>
        {STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {m.statusShort[s]}
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
          {list.data.items.map((ex) => (
            <ExemptionReview key={ex._id} exemption={ex} />
          ))}
        </Box>
      )}
    </Box>
  );
}
