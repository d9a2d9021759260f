import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import { DashboardCard } from '@/components/ui/dashboard-card';
import { DeleteButton } from '@/components/ui/delete-button';
import { PagedList } from '@/components/ui/paged-list';
import { PagedQuery, useListPaging } from '@/components/ui/paged-query';
import { reviewMessages } from '@/config/review-messages';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { choiceParam, useUrlListState } from '@/lib/url-list-state';
import type { ModeratedReview, ReviewStatusFilter } from '@/types/api';
import { formatDate } from '@/utils/format-date';
import { useDeleteReview, useModeratedReviews, useModerateReview } from '../api/moderate-review';
import { RatingStars } from './rating-stars';

export const REVIEWS_PAGE_SIZE = 20;
/** The server's limit on a moderation's reason. */
export const MAX_REASON_CHARS = 500;

const m = reviewMessages.moderation;

const FILTERS: readonly ReviewStatusFilter[] = ['all', 'visible', 'hidden', 'awaiting'];
/** `?status=hidden&page=2`: the list's filter and page, kept in the URL. */
const LIST_PARAMS = { status: choiceParam(FILTERS) };

/** What the admin is about to do to a review. */
type Action = 'hide' | 'show' | 'approve' | 'delete';

function StatusFilter({ value, onChange }: { value: ReviewStatusFilter; onChange: (value: ReviewStatusFilter) => void }) {
  return (
    <TextField
      select
      size="small"
      label={m.filterLabel}
      value={value}
      onChange={(event) => onChange(event.target.value as ReviewStatusFilter)}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 220, mb: 2 }}
    >
      {FILTERS.map((f) => (
        <option key={f} value={f}>
          {m.filters[f]}
        </option>
      ))}
    </TextField>
  );
}

function LastAction({ review }: { review: ModeratedReview }) {
  const last = review.moderation.at(-1);
  if (!last) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {m.lastAction(last.action, last.by, formatDate(last.at, { time: true }), last.reason ?? '')}
    </Typography>
  );
}

interface ReviewCardProps {
  review: ModeratedReview;
  busy: boolean;
  onAction: (review: ModeratedReview, action: Action) => void;
}

function ReviewCard({ review, busy, onAction }: ReviewCardProps) {
  const titleId = `review-${review._id}`;
  const toggle = review.status === 'awaiting' ? 'approve' : review.hidden ? 'show' : 'hide';
  const toggleLabel = { hide: m.hide, show: m.show, approve: m.approve }[toggle];
  const toggleIcon = toggle === 'hide' ? <VisibilityOffOutlinedIcon /> : toggle === 'show' ? <VisibilityOutlinedIcon /> : <CheckCircleOutlineIcon />;
  return (
    <DashboardCard titleId={titleId} stripeColor={review.hidden ? 'line.muted' : 'primary.main'} data-testid="moderated-review">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, rowGap: 0.5 }}>
        <Box
          component="span"
          sx={{
            px: 1,
            py: 0.25,
            borderRadius: 1,
            fontSize: '0.72rem',
            fontWeight: 800,
            letterSpacing: '0.06em',
            textTransform: 'uppercase',
            ...(review.hidden ? { bgcolor: 'surface.muted', color: 'text.secondary' } : { bgcolor: 'primary.main', color: 'primary.contrastText' }),
          }}
        >
          {m.status[review.status]}
        </Box>
        <Typography variant="body2" color="text.secondary" component="span">
          <time dateTime={review.createdAt}>{m.written(formatDate(review.createdAt, { time: true }))}</time>
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        <Avatar src={review.img} alt="" sx={{ width: 48, height: 48 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h2" id={titleId} sx={{ fontWeight: 800, fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
            {review.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {review.email}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <RatingStars rating={review.rating} />
        {review.verified && (
          <Typography variant="body2" sx={{ fontWeight: 700, color: 'feedback.success.inline' }}>
            {m.verifiedBuyer(review.productName ?? '')}
          </Typography>
        )}
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.65 }}>{review.review}</Typography>
      <LastAction review={review} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        <Button
          variant={toggle === 'hide' ? 'outlined' : 'contained'}
          color="secondary"
          size="small"
          startIcon={toggleIcon}
          disabled={busy}
          onClick={() => onAction(review, toggle)}
          aria-label={m.actionLabel(toggleLabel, review.name)}
        >
          {toggleLabel}
        </Button>
        <DeleteButton disabled={busy} onClick={() => onAction(review, 'delete')} aria-label={m.actionLabel(m.remove, review.name)}>
          {m.remove}
        </DeleteButton>
      </Box>
    </DashboardCard>
  );
}

interface ReasonValues {
  reason: string;
}

/** The app's dialog for one action: what it does, and the reason (required to delete). */
function ActionDialog({ target, onClose }: { target: { review: ModeratedReview; action: Action } | null; onClose: () => void }) {
  const toast = useToast();
  const moderate = useModerateReview();
  const remove = useDeleteReview();
  const { control, handleSubmit, reset } = useForm<ReasonValues>({ defaultValues: { reason: '' } });
  const action = target?.action ?? 'hide';
  const busy = moderate.isPending || remove.isPending;
  const close = () => {
    reset({ reason: '' });
    onClose();
  };
  const onSubmit = handleSubmit(async ({ reason }) => {
    if (!target) return;
    const id = target.review._id;
    try {
      if (action === 'delete') {
        await remove.mutateAsync({ id, reason: reason.trim() });
        toast.success(m.deleted);
      } else {
        const hidden = action === 'hide';
        await moderate.mutateAsync({ id, hidden, ...(reason.trim() ? { reason: reason.trim() } : {}) });
        toast.success(hidden ? m.hidden : m.shown);
      }
      close();
    } catch (error) {
      toast.error(withReason(m.failed, error));
    }
  });
  return (
    <FormDialog
      open={target !== null}
      onClose={close}
      onSubmit={(event) => void onSubmit(event)}
      title={m.dialogTitle[action]}
      busy={busy}
      cancelLabel={m.cancel}
      submitLabel={{ hide: m.hide, show: m.show, approve: m.approve, delete: m.remove }[action]}
      submitIcon={action === 'delete' ? <DeleteOutlineIcon /> : action === 'hide' ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
    >
      <Typography>{m.dialogText[action]}</Typography>
      <FormTextField
        control={control}
        name="reason"
        rules={{
          validate: (value: string) => {
            const text = value.trim();
            if (action === 'delete' && text === '') return m.reasonRequired;
            return [...text].length <= MAX_REASON_CHARS || m.reasonTooLong(MAX_REASON_CHARS);
          },
        }}
        label={m.reason}
        required={action === 'delete'}
        fullWidth
        multiline
        minRows={2}
        helperText={m.reasonHelp}
      />
    </FormDialog>
  );
}

/** The admins' Reviews screen: every review (or one status's), to hide, show or approve, and delete, each with a reason. */
export function ReviewModeration() {
  const list = useUrlListState(LIST_PARAMS);
  const paging = useListPaging(list, REVIEWS_PAGE_SIZE);
  const { status } = list.values;
  const reviews = useModeratedReviews({ ...paging.params, ...(status === 'all' ? {} : { status }) });
  const [target, setTarget] = useState<{ review: ModeratedReview; action: Action } | null>(null);
  const nothingAtAll = status === 'all' && reviews.data?.total === 0;

  return (
    <>
      <PagedQuery
        query={reviews}
        paging={paging}
        loadFailed={m.loadFailed}
        empty={status === 'all' ? m.empty : m.emptyFiltered}
        toolbar={!nothingAtAll && <StatusFilter value={status} onChange={(next) => list.set({ status: next })} />}
      >
        {({ items, total }) => (
          <PagedList count={m.count(total)} label={m.listLabel} total={total} page={paging.page} pageSize={paging.pageSize} onPageChange={paging.setPage}>
            {items.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} busy={target?.review._id === review._id} onAction={(review, action) => setTarget({ review, action })} />
              </li>
            ))}
          </PagedList>
        )}
      </PagedQuery>
      <ActionDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
