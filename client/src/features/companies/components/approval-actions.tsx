import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { approvalMessages as m } from '@/config/approval-messages';
import { ApiError } from '@/lib/api-client';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { useApprovePurchase, useDeclinePurchase } from '../api/approvals';

/** The decline's dialog: the reason its buyer is e-mailed (required, at most 500 characters), the server's refusal shown. */
function DeclineDialog({ id, number, onClose, onDone }: { id: string; number: number; onClose: () => void; onDone?: () => void }) {
  const titleId = useId();
  const toast = useToast();
  const decline = useDeclinePurchase();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const text = reason.trim();
    if (text === '') return setProblem(m.reasonRequired);
    if (text.length > 500) return setProblem(m.reasonTooLong);
    setProblem(null);
    // The answer's promise, not mutate's callbacks: the refetch the decline causes may unmount these actions first.
    void decline.mutateAsync({ id, reason: text }).then(
      () => {
        toast.success(m.declined(number));
        onClose();
        onDone?.();
      },
      (error: Error) => {
        if (error instanceof ApiError && error.errors.reason) setProblem(error.errors.reason);
        toast.error(withReason(m.declineFailed, error));
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>{m.declineTitle(number)}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography>{m.declineIntro}</Typography>
          <TextField
            label={m.reason}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={problem !== null}
            helperText={problem ?? ' '}
            required
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'decline-reason' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{m.cancel}</Button>
          <Button type="submit" variant="contained" color="error" loading={decline.isPending}>
            {m.confirmDecline}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Approve / Decline (with a reason) of a purchase awaiting approval, for an approver or admin of its buyer's company. */
export function ApprovalActions({ id, number, onAccount = false, onDeclined }: { id: string; number: number; onAccount?: boolean; onDeclined?: () => void }) {
  const toast = useToast();
  const approve = useApprovePurchase();
  const [declining, setDeclining] = useState(false);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button
        variant="contained"
        aria-label={m.approveLabel(number)}
        loading={approve.isPending}
        disabled={approve.isSuccess}
        onClick={() =>
          // The answer's promise, not mutate's callbacks: approved, the purchase leaves "To approve" (these
          // actions unmount) maybe before every query the approval invalidates has answered.
          void approve.mutateAsync(id).then(
            () => toast.success(onAccount ? m.approvedOnAccount(number) : m.approved(number)),
            (error: Error) => toast.error(withReason(m.approveFailed, error)),
          )
        }
      >
        {m.approve}
      </Button>
      <Button variant="outlined" color="error" aria-label={m.declineLabel(number)} disabled={approve.isSuccess} onClick={() => setDeclining(true)}>
        {m.decline}
      </Button>
      {declining && <DeclineDialog id={id} number={number} onClose={() => setDeclining(false)} onDone={onDeclined} />}
    </Box>
  );
}
