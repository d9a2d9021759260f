import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { EmptyList, useStepBackWhenEmpty } from '@/components/ui/paged-list';
import { serviceMessages } from '@/config/service-messages';
import { errorMessage } from '@/lib/api-client';
import { useOutbox, type OutboxMessage } from '../api/get-outbox';

const m = serviceMessages.outbox;

export const OUTBOX_PAGE_SIZE = 20;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatDateTime(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

const STATUS_COLOURS = { pending: 'default', sent: 'success', failed: 'error', disabled: 'default' } as const;

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

/** A cell's column name, shown above its value when the table is a list of blocks. */
function CellLabel({ children }: { children: ReactNode }) {
  return (
    <Box component="span" className="cell-label" aria-hidden="true">
      {children}
    </Box>
  );
}

const tableSx = {
  '& th': { fontWeight: 800, color: 'text.secondary', fontSize: '0.78rem', letterSpacing: '0.08em', textTransform: 'uppercase', bgcolor: 'background.default', whiteSpace: 'nowrap' },
  '& th, & td': { px: 1.5, verticalAlign: 'top' },
  '& td.nowrap': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  '& td.date': { minWidth: 96, fontVariantNumeric: 'tabular-nums' },
  '& td.wrap': { overflowWrap: 'anywhere', minWidth: 120 },
  '& tbody tr:last-of-type td': { borderBottom: 0 },
  '& .cell-label': { display: 'none' },
  '@container (max-width: 800px)': {
    '& thead': { display: 'none' },
    '& tbody tr': { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 1.25, px: 2, py: 2, borderBottom: 1, borderColor: 'divider' },
    '& tbody tr:last-of-type': { borderBottom: 0 },
    '& tbody td': { border: 0, p: 0, minWidth: 0 },
    '& td.wide': { gridColumn: '1 / -1' },
    '& td.nowrap': { whiteSpace: 'normal' },
    '& .cell-label': { display: 'block', fontSize: '0.72rem', fontWeight: 800, letterSpacing: '0.08em', textTransform: 'uppercase', color: 'text.secondary', mb: 0.25 },
  },
} as const;

/** Outbox (admin): every e-mail, newest first, with its delivery state. */
export function Outbox() {
  const [page, setPage] = useState(0);
  const outbox = useOutbox({ limit: OUTBOX_PAGE_SIZE, skip: page * OUTBOX_PAGE_SIZE });
  useStepBackWhenEmpty(page, setPage, outbox.data, outbox.isPlaceholderData);

  if (outbox.isError) {
    return <ErrorMessage onRetry={() => void outbox.refetch()}>{errorMessage(outbox.error, m.loadFailed)}</ErrorMessage>;
  }
  if (!outbox.data) return <LoadingSpinner />;

  const { items, total } = outbox.data;
  if (total === 0) return <EmptyList>{m.empty}</EmptyList>;
  const anyDisabled = items.some((message) => message.status === 'disabled');

  return (
    <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', containerType: 'inline-size' }}>
      <Box sx={{ px: { xs: 2, sm: 3 }, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography sx={{ fontWeight: 700 }}>{m.count(total)}</Typography>
        {anyDisabled && (
          <Typography variant="body2" color="text.secondary">
            {m.disabledHint}
          </Typography>
        )}
      </Box>
      {/* Focusable, so that a keyboard can scroll it when the table is wider than the page. */}
      <Box role="region" aria-label={m.tableLabel} tabIndex={0} sx={{ overflowX: 'auto' }}>
        <Table aria-label={m.tableLabel} sx={tableSx}>
          <TableHead>
            <TableRow>
              <TableCell>{m.columnTo}</TableCell>
              <TableCell>{m.columnSubject}</TableCell>
              <TableCell>{m.columnStatus}</TableCell>
              <TableCell align="right">{m.columnAttempts}</TableCell>
              <TableCell>{m.columnLastError}</TableCell>
              <TableCell>{m.columnCreated}</TableCell>
              <TableCell>{m.columnSent}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((message) => (
              <TableRow key={message._id} data-testid="outbox-row">
                <TableCell className="wrap wide">
                  <CellLabel>{m.columnTo}</CellLabel>
                  {message.to}
                </TableCell>
                <TableCell className="wrap wide" sx={{ fontWeight: 700 }}>
                  <CellLabel>{m.columnSubject}</CellLabel>
                  {message.subject}
                </TableCell>
                <TableCell>
                  <CellLabel>{m.columnStatus}</CellLabel>
                  <StatusChip message={message} />
                </TableCell>
                <TableCell align="right" className="nowrap">
                  <CellLabel>{m.columnAttempts}</CellLabel>
                  {message.attempts}
                </TableCell>
                <TableCell className="wrap wide">
                  <CellLabel>{m.columnLastError}</CellLabel>
                  {message.lastError || m.none}
                </TableCell>
                <TableCell className="date">
                  <CellLabel>{m.columnCreated}</CellLabel>
                  <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                </TableCell>
                <TableCell className="date">
                  <CellLabel>{m.columnSent}</CellLabel>
                  {message.sentAt ? <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time> : m.none}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {total > OUTBOX_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={OUTBOX_PAGE_SIZE}
          rowsPerPageOptions={[]}
          sx={{ borderTop: 1, borderColor: 'divider' }}
        />
      )}
    </Box>
  );
}
