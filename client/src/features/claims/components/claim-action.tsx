import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BuildCircleOutlinedIcon from '@mui/icons-material/BuildCircleOutlined';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import { repeatBuyingMessages } from '@/config/repeat-buying-messages';
import { serviceMessages } from '@/config/service-messages';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { checkImageFile, uploadImage } from '@/lib/upload-image';
import type { Order } from '@/types/api';
import { formatDate } from '@/utils/format-date';
import { useCreateClaim } from '../api/create-claim';
import { type Claim, useClaims } from '../api/get-claims';
import { validateClaimQuantity } from '../utils/claim-quantity';
import { claimDaysLeft, claimDeadline } from '../utils/claim-window';
import { PhotosField } from './photos-field';

const m = serviceMessages.claims;
const q = repeatBuyingMessages.claims;

export const MAX_REASON_CHARS = 2000;
export const MAX_CLAIM_PHOTOS = 5;
/** The customer's claims looked up to mark orders already claimed (enough for any real customer). */
const CLAIMS_LOOKUP_LIMIT = 100;

interface ClaimFormValues {
  reason: string;
  photos: File[];
  /** How many pieces of the line are faulty (asked only of a line of more than one piece). */
  quantity: string;
}

function validateReason(value: string): string | true {
  const text = value.trim();
  if (text === '') return m.reasonRequired;
  return [...text].length <= MAX_REASON_CHARS || m.reasonTooLong(MAX_REASON_CHARS);
}

export function validatePhotos(files: File[]): string | true {
  if (files.length === 0) return m.photosRequired;
  if (files.length > MAX_CLAIM_PHOTOS) return m.photosTooMany(MAX_CLAIM_PHOTOS);
  for (const file of files) {
    const problem = checkImageFile(file);
    if (problem) return problem;
  }
  return true;
}

/** How many of a line's pieces are left to claim: its claims (open, and approved by the pieces replaced) cover `claimed` (review finding 8). */
export function piecesLeftToClaim(order: Order): number {
  return Math.max(0, order.productQuantity - (order.claimed ?? 0));
}

/** A claim's pieces as its line's list says them: claimed, and replaced once approved. */
function claimPieces(claim: Claim): string {
  const claimed = q.piecesClaimed(claim.quantity);
  return claim.approvedQuantity ? `${claimed}, ${q.piecesApproved(claim.approvedQuantity)}` : claimed;
}

interface ClaimDialogProps {
  order: Order;
  /** The line's earlier claims, listed in the form. */
  earlier?: Claim[];
  open: boolean;
  onClose: () => void;
}

/**
 * The claim form: what is wrong and photos of it; the photos are uploaded first, then the claim is sent with their URLs.
 * It offers only the pieces left to claim, and lists the line's earlier claims.
 */
export function ClaimDialog({ order, earlier = [], open, onClose }: ClaimDialogProps) {
  const toast = useToast();
  const createClaim = useCreateClaim();
  const { control, handleSubmit, setError, reset, formState: { isSubmitting } } = useForm<ClaimFormValues>({
    mode: 'onTouched',
    defaultValues: { reason: '', photos: [], quantity: '1' },
  });
  const line = order.productQuantity;
  const pieces = piecesLeftToClaim(order);

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const images: string[] = [];
      for (const file of values.photos) images.push(await uploadImage(file));
      const quantity = pieces > 1 ? Number(values.quantity.trim()) : 1;
      await createClaim.mutateAsync({ orderId: order._id, quantity, reason: values.reason.trim(), images });
      toast.success(m.sent);
      reset();
      onClose();
    } catch (error) {
      showFieldErrors(error, { reason: 'reason', images: 'photos', quantity: 'quantity' }, setError);
      toast.error(withReason(m.failed, error));
    }
  });

  return (
    <FormDialog
      open={open}
      onClose={close}
      onSubmit={onSubmit}
      title={m.dialogTitle}
      busy={isSubmitting}
      cancelLabel={m.cancel}
      submitLabel={m.submit}
      submitIcon={<BuildCircleOutlinedIcon />}
    >
      <Typography color="text.secondary">{m.dialogIntro(order.productName, order.number)}</Typography>
      {earlier.length > 0 && (
        <Box component="section" aria-labelledby={`earlier-claims-${order._id}`} sx={{ mt: 1 }}>
          <Typography id={`earlier-claims-${order._id}`} variant="subtitle2" component="h3">
            {q.earlier}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {earlier.map((claim) => (
              <Typography component="li" variant="body2" key={claim._id}>
                {q.earlierClaim(claim.number, (m.status[claim.status] ?? claim.status).toLowerCase(), claimPieces(claim))}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      {pieces > 1 && (
        <FormTextField
          control={control}
          name="quantity"
          rules={{ validate: (v) => validateClaimQuantity(v, pieces) }}
          label={q.quantity}
          helperText={pieces < line ? q.quantityLeftHint(pieces, line) : q.quantityHint(line)}
          required
          type="number"
          slotProps={{ htmlInput: { min: 1, max: pieces, step: 1, inputMode: 'numeric' } }}
          sx={{ mt: 1, maxWidth: 220 }}
        />
      )}
      <FormTextField
        control={control}
        name="reason"
        rules={{ validate: validateReason }}
        label={m.reason}
        helperText={m.reasonHint}
        required
        fullWidth
        multiline
        minRows={4}
        sx={{ mt: 1 }}
      />
      <PhotosField control={control} name="photos" rules={{ validate: validatePhotos }} max={MAX_CLAIM_PHOTOS} />
    </FormDialog>
  );
}

/**
 * On a shipped order in My Orders: the claims already made for its line, and while pieces are left to claim within the
 * window, the days left and the button (several claims per line: review finding 8), or that the window has closed.
 */
export function ClaimAction({ order, now = new Date() }: { order: Order; now?: Date }) {
  const [open, setOpen] = useState(false);
  const claims = useClaims({ limit: CLAIMS_LOOKUP_LIMIT });
  if (!order.shipped || !order.shippedAt) return null;

  const lineClaims = claims.data?.items.filter((c) => c.orderId === order._id) ?? [];
  const left = piecesLeftToClaim(order);
  const made = lineClaims.length > 0 && (
    <Box sx={{ mt: 0.75 }}>
      {lineClaims.map((claim) => (
        <Typography key={claim._id} variant="body2" sx={{ fontWeight: 700 }} data-testid="claim-status">
          {m.claimed(claim.number, (m.status[claim.status] ?? claim.status).toLowerCase())}
        </Typography>
      ))}
    </Box>
  );
  if (left === 0) {
    return (
      <>
        {made}
        {!made && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }} data-testid="claim-status">
            {q.noneLeft(order.productQuantity)}
          </Typography>
        )}
      </>
    );
  }

  const daysLeft = claimDaysLeft(order.shippedAt, now);
  if (daysLeft === 0) {
    return (
      <>
        {made}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }} data-testid="claim-window">
          {m.windowClosed(formatDate(claimDeadline(order.shippedAt)?.toISOString()))}
        </Typography>
      </>
    );
  }
  const windowId = `claim-window-${order._id}`;
  // A line of a purchase of several products says which product it claims (issue 49).
  const ofSeveral = Boolean(order.group) && order.group !== order._id;
  return (
    <Box sx={{ mt: 0.75, display: 'grid', gap: 0.75, justifyItems: 'start' }}>
      {made}
      <Typography id={windowId} variant="body2" color="text.secondary" data-testid="claim-window">
        {daysLeft === 1 ? m.lastDay : m.daysLeft(daysLeft)}
        {lineClaims.length > 0 && left < order.productQuantity ? ` · ${q.leftToClaim(left, order.productQuantity)}` : ''}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        color="secondary"
        startIcon={<BuildCircleOutlinedIcon />}
        onClick={() => setOpen(true)}
        aria-label={ofSeveral ? undefined : m.claimLabel(order.productName)}
        aria-describedby={windowId}
        data-testid="claim-button"
        // Its label wraps in a narrow cell rather than running past the button's border (issue 47).
        sx={{ whiteSpace: 'normal', textAlign: 'left', maxWidth: '100%' }}
      >
        {ofSeveral ? m.claimLabel(order.productName) : m.claim}
      </Button>
      <ClaimDialog order={order} earlier={lineClaims} open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}
