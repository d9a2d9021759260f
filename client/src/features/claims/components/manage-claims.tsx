import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DoNotDisturbAltIcon from '@mui/icons-material/DoNotDisturbAlt';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { repeatBuyingMessages } from '@/config/repeat-buying-messages';
import { serviceMessages } from '@/config/service-messages';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { useDecideClaim } from '../api/decide-claim';
import type { Claim } from '../api/get-claims';
import { validateClaimQuantity } from '../utils/claim-quantity';
import { ClaimList, isDecided } from './claim-parts';

const m = serviceMessages.claims;
const q = repeatBuyingMessages.claims;

export const MAX_DECISION_NOTE_CHARS = 1000;

function validateNote(value: string): string | true {
  return [...value.trim()].length <= MAX_DECISION_NOTE_CHARS || m.noteTooLong(MAX_DECISION_NOTE_CHARS);
}

/** Approve or reject, once, with an optional note to the customer. */
function DecideClaimForm({ claim }: { claim: Claim }) {
  const decide = useDecideClaim();
  const run = useConfirmedAction(decide, {
    done: (_result, { status }) => (status === 'approved' ? m.approved : m.rejected),
    failed: m.decideFailed,
  }).run;
  // How many pieces the replacement is for: those claimed, or fewer (issue 49).
  const claimed = claim.quantity > 0 ? claim.quantity : 0;
  const { control, handleSubmit } = useForm<{ note: string; quantity: string }>({
    mode: 'onTouched',
    defaultValues: { note: '', quantity: String(claimed || '') },
  });
  const deciding = decide.isPending ? decide.variables?.status : undefined;

  const submit = (status: 'approved' | 'rejected') =>
    handleSubmit(({ note, quantity }) => {
      const text = note.trim();
      const pieces = status === 'approved' && claimed > 1 ? Number(quantity.trim()) : undefined;
      run({ id: claim._id, status, ...(text && { note: text }), ...(pieces && { quantity: pieces }) }, status === 'approved' ? m.confirmApprove : m.confirmReject);
    });

  return (
    <Box component="form" noValidate onSubmit={(e) => e.preventDefault()} sx={{ display: 'grid', gap: 1.5 }}>
      {claimed > 1 && (
        <FormTextField
          control={control}
          name="quantity"
          rules={{ validate: (v) => validateClaimQuantity(v, claimed) }}
          label={q.approveQuantity}
          type="number"
          slotProps={{ htmlInput: { min: 1, max: claimed, step: 1, inputMode: 'numeric', 'aria-label': q.approveQuantityLabel(claim.number) } }}
          sx={{ maxWidth: 220 }}
        />
      )}
      <FormTextField control={control} name="note" rules={{ validate: validateNote }} label={m.decisionNote} fullWidth multiline minRows={2} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          startIcon={<CheckCircleOutlineIcon />}
          loading={deciding === 'approved'}
          loadingPosition="start"
          disabled={deciding === 'rejected'}
          onClick={() => void submit('approved')()}
          aria-label={m.approveLabel(claim.number)}
        >
          {m.approve}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DoNotDisturbAltIcon />}
          loading={deciding === 'rejected'}
          loadingPosition="start"
          disabled={deciding === 'approved'}
          onClick={() => void submit('rejected')()}
          aria-label={m.rejectLabel(claim.number)}
        >
          {m.reject}
        </Button>
      </Box>
    </Box>
  );
}

/** Claims (admin): every claim; approve (a free replacement order) or reject the open ones. */
export function ManageClaims() {
  return <ClaimList empty={m.emptyAll} showCustomer actions={(claim) => !isDecided(claim) && <DecideClaimForm claim={claim} />} />;
}
