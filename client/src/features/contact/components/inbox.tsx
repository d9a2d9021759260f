import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import ReplyIcon from '@mui/icons-material/Reply';
import { useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { contentMessages } from '@/config/content-messages';
import { errorMessage } from '@/lib/api-client';
import { useToast } from '@/lib/toast';
import type { ContactMessage } from '@/types/api';
import { useDeleteMessage } from '../api/delete-message';
import { useMessages } from '../api/get-messages';
import { useMarkMessage } from '../api/mark-message';

export const INBOX_PAGE_SIZE = 20;

const m = contentMessages.inbox;
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function received(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : m.received(dateTime.format(date));
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
    <Box
      component="article"
      aria-labelledby={titleId}
      sx={{
        p: { xs: 2, sm: 3 },
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderLeft: '6px solid',
        borderLeftColor: message.handled ? '#c4cad1' : 'primary.main',
        borderRadius: 2,
        display: 'grid',
        gap: 1.5,
      }}
    >
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
            ...(message.handled ? { bgcolor: '#eef0f3', color: 'text.secondary' } : { bgcolor: 'primary.main', color: 'primary.contrastText' }),
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
        <Button
          variant="outlined"
          color="error"
          size="small"
          startIcon={<DeleteOutlineIcon />}
          loading={removing}
          loadingPosition="start"
          onClick={() => onRemove(message)}
          aria-label={m.actionLabel(m.remove, message.subject)}
        >
          {m.remove}
        </Button>
      </Box>
    </Box>
  );
}

/** The admin's inbox: contact messages, newest first, to reply to, mark handled and delete. */
export function Inbox() {
  const [page, setPage] = useState(0);
  const list = useMessages({ limit: INBOX_PAGE_SIZE, skip: page * INBOX_PAGE_SIZE });
  const mark = useMarkMessage();
  const remove = useDeleteMessage();
  const toast = useToast();

  const onMark = (message: ContactMessage) =>
    mark.mutate(
      { id: message._id, handled: !message.handled },
      {
        onSuccess: () => toast.success(message.handled ? m.markedUnhandled : m.markedHandled),
        onError: (error) => toast.error(error.message),
      },
    );

  const onRemove = (message: ContactMessage) => {
    if (!window.confirm(m.confirmDelete)) return;
    remove.mutate(message._id, {
      onSuccess: (result) => {
        if (result.deletedCount > 0) toast.success(m.removed);
      },
      onError: (error) => toast.error(error.message),
    });
  };

  if (list.isPending) return <LoadingSpinner />;
  if (list.isError) {
    return <ErrorMessage onRetry={() => void list.refetch()}>{errorMessage(list.error, m.loadFailed)}</ErrorMessage>;
  }

  const { items, total } = list.data;
  // The last message of a later page was deleted: go back a page.
  if (items.length === 0 && page > 0) {
    setPage(page - 1);
    return <LoadingSpinner />;
  }
  if (items.length === 0) {
    return (
      <Box sx={{ p: 4, textAlign: 'center', bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <Typography color="text.secondary">{m.empty}</Typography>
      </Box>
    );
  }

  return (
    <Box>
      <Typography sx={{ fontWeight: 700, mb: 1.5 }}>{m.count(total)}</Typography>
      <Box component="ul" aria-label={m.listLabel} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {items.map((message) => (
          <li key={message._id}>
            <MessageCard
              message={message}
              marking={mark.isPending && mark.variables?.id === message._id}
              removing={remove.isPending && remove.variables === message._id}
              onMark={onMark}
              onRemove={onRemove}
            />
          </li>
        ))}
      </Box>
      {total > INBOX_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={INBOX_PAGE_SIZE}
          rowsPerPageOptions={[]}
          sx={{ mt: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2 }}
        />
      )}
    </Box>
  );
}
