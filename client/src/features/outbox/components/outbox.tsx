import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePaging } from '@/components/ui/paged-query';
import { PagedTable, type Column } from '@/components/ui/paged-table';
import { paths } from '@/config/paths';
import { serviceMessages } from '@/config/service-messages';
import { formatDate } from '@/utils/format-date';
import { useOutbox, type OutboxMessage } from '../api/get-outbox';

const m = serviceMessages.outbox;

export const OUTBOX_PAGE_SIZE = 20;

const formatDateTime = (iso: string | undefined) => formatDate(iso, { time: true });

const STATUS_COLOURS = { pending: 'default', sent: 'success', failed: 'error', disabled: 'default', held: 'default' } as const;

function StatusChip({ message }: { message: OutboxMessage }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOURS[message.status] ?? 'default'}
      label={m.status[message.status] ?? message.status}
      sx={{ fontWeight: 800, letterSpacing: '0.04em' }}
    />
  );
}

const tableSx = {
  '& th, & td': { px: 1.5, verticalAlign: 'top' },
  '& td.nowrap': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  '& td.date': { minWidth: 96, fontVariantNumeric: 'tabular-nums' },
  '& td.wrap': { overflowWrap: 'anywhere', minWidth: 120 },
  '@container (max-width: 800px)': {
    '& tbody tr': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 1.25 },
    '& td.wide': { gridColumn: '1 / -1' },
    '& td.nowrap': { whiteSpace: 'normal' },
  },
} as const;

/** The subject, opening the e-mail; Back from it returns to this page of the list. */
function MailLink({ message }: { message: OutboxMessage }) {
  const { search } = useLocation();
  return (
    <Link component={RouterLink} to={paths.dashboard.outboxMail.to(message._id)} state={{ listSearch: search }} underline="hover" color="inherit">
      {message.subject}
    </Link>
  );
}

const columns: Column<OutboxMessage>[] = [
  { key: 'to', header: m.columnTo, className: 'wrap wide', labelled: true, render: (message) => message.to },
  { key: 'subject', header: m.columnSubject, className: 'wrap wide', sx: { fontWeight: 700 }, labelled: true, render: (message) => <MailLink message={message} /> },
  { key: 'status', header: m.columnStatus, labelled: true, render: (message) => <StatusChip message={message} /> },
  { key: 'attempts', header: m.columnAttempts, align: 'right', className: 'nowrap', labelled: true, render: (message) => message.attempts },
  { key: 'last-error', header: m.columnLastError, className: 'wrap wide', labelled: true, render: (message) => message.lastError || m.none },
  {
    key: 'created',
    header: m.columnCreated,
    className: 'date',
    labelled: true,
    render: (message) => <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>,
  },
  {
    key: 'sent',
    header: m.columnSent,
    className: 'date',
    labelled: true,
    render: (message) => (message.sentAt ? <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time> : m.none),
  },
];

/** Outbox (admin): every e-mail, newest first, with its delivery state. */
export function Outbox() {
  const paging = usePaging(OUTBOX_PAGE_SIZE);
  const outbox = useOutbox(paging.params);
  const anyDisabled = outbox.data?.items.some((message) => message.status === 'disabled');

  return (
    <PagedTable
      query={outbox}
      paging={paging}
      columns={columns}
      label={m.tableLabel}
      count={m.count}
      note={
        anyDisabled && (
          <Typography variant="body2" color="text.secondary">
            {m.disabledHint}
          </Typography>
        )
      }
      loadFailed={m.loadFailed}
      empty={m.empty}
      rowTestId="outbox-row"
      stackBelow={800}
      focusableScroll
      sx={tableSx}
    />
  );
}
