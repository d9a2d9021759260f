import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { salesMessages as m } from '@/config/sales-messages';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { useExportOrders } from '../api/export-orders';
import { defaultExportRange } from '../utils/dates';

/** The range's problem, if any: both dates are needed, the first on or before the second. */
function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return m.exportRangeRequired;
  // `YYYY-MM-DD` strings compare as dates.
  if (from > to) return m.exportRangeOrder;
  return null;
}

/** Export CSV: the orders placed between two dates (inclusive, UTC), downloaded as a file. */
export function ExportOrdersForm() {
  const [range, setRange] = useState(defaultExportRange);
  const [problem, setProblem] = useState<string | null>(null);
  const exportOrders = useExportOrders();
  const toast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = rangeProblem(range.from, range.to);
    setProblem(invalid);
    exportOrders.reset();
    if (invalid) return;
    exportOrders.mutate(range, { onSuccess: (file) => toast.success(m.exported(file.filename)) });
  };

  const change = (field: 'from' | 'to') => (value: string) => {
    setRange((r) => ({ ...r, [field]: value }));
    setProblem(null);
  };

  const error = problem ?? (exportOrders.isError ? withReason(m.exportFailed, exportOrders.error) : null);

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {m.exportIntro}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <TextField
          type="date"
          size="small"
          label={m.exportFrom}
          value={range.from}
          onChange={(event) => change('from')(event.target.value)}
          error={problem !== null}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 180 } }}
        />
        <TextField
          type="date"
          size="small"
          label={m.exportTo}
          value={range.to}
          onChange={(event) => change('to')(event.target.value)}
          error={problem !== null}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 180 } }}
        />
        <Button
          type="submit"
          variant="contained"
          color="secondary"
          startIcon={<FileDownloadOutlinedIcon />}
          loading={exportOrders.isPending}
          loadingPosition="start"
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {m.exportButton}
        </Button>
      </Box>
      {error && (
        <Box sx={{ mt: 2 }}>
          <ErrorMessage>{error}</ErrorMessage>
        </Box>
      )}
    </Box>
  );
}
