import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import { useState, type FormEvent } from 'react';
import { PagedTable, type Column } from '@/components/ui/paged-table';
import { useListPaging } from '@/components/ui/paged-query';
import { auditMessages as m } from '@/config/audit-messages';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { textParam, useUrlListState } from '@/lib/url-list-state';
import { formatDate } from '@/utils/format-date';
import { useAudit, useExportAudit, useVerifyAudit, type AuditFilters, type AuditRow } from '../api/get-audit';

export const AUDIT_PAGE_SIZE = 50;

const LIST_PARAMS = { actor: textParam, action: textParam, target: textParam, from: textParam, to: textParam };
type FilterName = keyof typeof LIST_PARAMS;
const FIELDS: { name: FilterName; label: string; type: 'text' | 'date' }[] = [
  { name: 'actor', label: m.actor, type: 'text' },
  { name: 'action', label: m.action, type: 'text' },
  { name: 'target', label: m.target, type: 'text' },
  { name: 'from', label: m.from, type: 'date' },
  { name: 'to', label: m.to, type: 'date' },
];

const OUTCOME_COLOURS = { success: 'success', failure: 'default', refused: 'error' } as const;

function target(entry: AuditRow): string {
  const name = entry.target || entry.targetId || '';
  return entry.targetKind ? `${entry.targetKind}${name ? `: ${name}` : ''}` : name;
}

const columns: Column<AuditRow>[] = [
  { key: 'when', header: m.columnWhen, className: 'date', labelled: true, render: (e) => <time dateTime={e.at}>{formatDate(e.at, { time: true })}</time> },
  { key: 'who', header: m.columnWho, className: 'wrap', sx: { fontWeight: 700 }, labelled: true, render: (e) => e.actor },
  {
    key: 'action',
    header: m.columnAction,
    className: 'wrap',
    labelled: true,
    render: (e) => (
      <>
        {e.action}
        {e.count && e.count > 1 ? ` ${m.times(e.count)}` : ''}
        {e.changes?.length ? (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {e.changes.map((c) => (c.before ? `${c.field}: ${c.before} → ${c.after ?? ''}` : `${c.field}: ${c.after ?? ''}`)).join('; ')}
          </Typography>
        ) : null}
      </>
    ),
  },
  { key: 'target', header: m.columnTarget, className: 'wrap', labelled: true, render: target },
  {
    key: 'outcome',
    header: m.columnOutcome,
    labelled: true,
    render: (e) => (
      <Chip size="small" variant="outlined" color={OUTCOME_COLOURS[e.outcome]} label={`${m.outcome[e.outcome] ?? e.outcome}${e.status ? ` (${e.status})` : ''}`} />
    ),
  },
  { key: 'from', header: m.columnFrom, className: 'wrap', labelled: true, render: (e) => e.ip ?? '' },
];

const tableSx = {
  '& th, & td': { px: 1.5, verticalAlign: 'top' },
  '& td.date': { minWidth: 110, fontVariantNumeric: 'tabular-nums' },
  '& td.wrap': { overflowWrap: 'anywhere', minWidth: 100 },
} as const;

/** The filters: typed, then applied together (each one a URL parameter). */
function Filters({ values, onApply }: { values: Record<FilterName, string>; onApply: (next: Record<FilterName, string>) => void }) {
  const [draft, setDraft] = useState(values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const empty = Object.fromEntries(FIELDS.map((f) => [f.name, ''])) as Record<FilterName, string>;
  return (
    <Box
      component="form"
      role="search"
      aria-label={m.filtersLabel}
      onSubmit={submit}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, minmax(0, 1fr))' }, gap: 1.5, mb: 2 }}
    >
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          type={f.type}
          size="small"
          value={draft[f.name]}
          onChange={(event) => setDraft({ ...draft, [f.name]: event.target.value })}
          slotProps={f.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
        />
      ))}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" sx={{ minHeight: 44 }}>
          {m.apply}
        </Button>
        <Button
          type="button"
          color="secondary"
          onClick={() => {
            setDraft(empty);
            onApply(empty);
          }}
          sx={{ minHeight: 44 }}
        >
          {m.clear}
        </Button>
      </Box>
    </Box>
  );
}

/** The audit trail (admin, issue 44): filtered, paged, exported as CSV, and its chain checked. */
export function AuditTrail() {
  const toast = useToast();
  const list = useUrlListState(LIST_PARAMS);
  const paging = useListPaging(list, AUDIT_PAGE_SIZE);
  const filters: AuditFilters = Object.fromEntries(Object.entries(list.values).filter(([, v]) => v !== ''));
  const audit = useAudit({ ...filters, ...paging.params });
  const exportCsv = useExportAudit();
  const verify = useVerifyAudit();
  return (
    <Box>
      <Filters key={JSON.stringify(list.values)} values={list.values} onApply={(next) => list.set(next)} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button
          type="button"
          variant="outlined"
          color="secondary"
          startIcon={<DownloadOutlinedIcon />}
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate(filters, { onError: (error) => toast.error(withReason(m.exportFailed, error)) })}
          sx={{ minHeight: 44 }}
        >
          {m.export}
        </Button>
        <Button
          type="button"
          variant="outlined"
          color="secondary"
          startIcon={<FactCheckOutlinedIcon />}
          loading={verify.isPending}
          onClick={() => verify.mutate(undefined, { onError: (error) => toast.error(withReason(m.verifyFailed, error)) })}
          sx={{ minHeight: 44 }}
        >
          {m.verify}
        </Button>
      </Box>
      {verify.data && (
        <Alert severity={verify.data.ok ? 'success' : 'error'} sx={{ mb: 2 }} role="status">
          {verify.data.ok ? m.verifyOk(verify.data.entries) : m.verifyBroken(verify.data.problem ?? '')}
        </Alert>
      )}
      <PagedTable
        query={audit}
        paging={paging}
        columns={columns}
        label={m.tableLabel}
        count={m.count}
        loadFailed={m.loadFailed}
        empty={m.empty}
        rowTestId="audit-row"
        stackBelow={900}
        focusableScroll
        sx={tableSx}
      />
    </Box>
  );
}
