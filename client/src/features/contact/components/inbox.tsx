import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import ReplyIcon from '@mui/icons-material/Reply';
import { DashboardCard } from '@/components/ui/dashboard-card';
import { DeleteButton } from '@/components/ui/delete-button';
import { PagedList } from '@/components/ui/paged-list';
import { PagedQuery, usePaging } from '@/components/ui/paged-query';
import { contentMessages } from '@/config/content-messages';
import { useToast } from '@/lib/toast';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import type { ContactMessage } from '@/types/api';
import { formatDate } from '@/utils/format-date';
import { useDeleteMessage } from '../api/delete-message';
import { useMessages } from '../api/get-messages';
import { useMarkMessage } from '../api/mark-message';

export const INBOX_PAGE_SIZE = 20;

const m = contentMessages.inbox;

function received(iso: string): string {
  const date = formatDate(iso, { time: true });
  return date ? m.received(date) : '';
}

function replyHref(message: ContactMessage): string {
  return `mailto:${message.email}?subject=${encodeURIComponent(m.replySubject(message.subject))}`;
}

interface MessageCardProps {
  message: ContactMessage;
  marking: boolean;
  removing: boolean;
  onMark: (message: ContactMessage) => void;
  onRemove: (message: ContactMessage) => void;
}

function MessageCard({ message, marking, removing, onMark, onRemove }: MessageCardProps) {
  const titleId = `message-${message._id}`;
  const markAction = message.handled ? m.markUnhandled : m.markHandled;
  return (
    <DashboardCard titleId={titleId} stripeColor={message.handled ? 'line.muted' : 'primary.main'}>
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
            ...(message.handled ? { bgcolor: 'surface.muted', color: 'text.secondary' } : { bgcolor: 'primary.main', color: 'primary.contrastText' }),
          }}
        >
          {message.handled ? m.handled : m.unhandled}
        </Box>
        <Typography variant="body2" color="text.secondary" component="span">
          <time dateTime={message.createdAt}>{received(message.createdAt)}</time>
        </Typography>
      </Box>
      <Box>
        <Typography component="h2" id={titleId} sx={{ fontWeight: 800, fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
          {message.subject}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {message.email}
        </Typography>
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.65 }}>{message.message}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        <Button
          component="a"
          href={replyHref(message)}
          variant="contained"
          size="small"
          startIcon={<ReplyIcon />}
          aria-label={m.actionLabel(m.reply, message.subject)}
        >
          {m.reply}
        </Button>
        <Button
          variant="outlined"
          color="secondary"
          size="small"
          startIcon={message.handled ? <MarkEmailUnreadOutlinedIcon /> : <CheckCircleOutlineIcon />}
          loading={marking}
          loadingPosition="start"
          onClick={() => onMark(message)}
          aria-label={m.actionLabel(markAction, message.subject)}
        >
          {markAction}
        </Button>
        <DeleteButton loading={removing} onClick={() => onRemove(message)} aria-label={m.actionLabel(m.remove, message.subject)}>
          {m.remove}
        </DeleteButton>
      </Box>
    </DashboardCard>
  );
}

/** The admin's inbox: contact messages, newest first, to reply to, mark handled and delete. */
export function Inbox() {
  const paging = usePaging(INBOX_PAGE_SIZE);
  const list = useMessages(paging.params);
  const mark = useMarkMessage();
  const remove = useConfirmedAction(useDeleteMessage(), { confirm: m.confirmDelete, done: m.removed, gone: m.alreadyDeleted });
  const toast = useToast();

  const onMark = (message: ContactMessage) =>
    mark.mutate(
      { id: message._id, handled: !message.handled },
      {
        onSuccess: () => toast.success(message.handled ? m.markedUnhandled : m.markedHandled),
        onError: (error) => toast.error(error.message),
      },
    );

  return (
    <PagedQuery query={list} paging={paging} loadFailed={m.loadFailed} empty={m.empty}>
      {({ items, total }) => (
        <PagedList count={m.count(total)} label={m.listLabel} total={total} page={paging.page} pageSize={paging.pageSize} onPageChange={paging.setPage}>
          {items.map((message) => (
            <li key={message._id}>
              <MessageCard
                message={message}
                marking={mark.isPending && mark.variables?.id === message._id}
                removing={remove.isRunning(message._id)}
                onMark={onMark}
                onRemove={(message) => remove.run(message._id)}
              />
            </li>
          ))}
        </PagedList>
      )}
    </PagedQuery>
  );
}
