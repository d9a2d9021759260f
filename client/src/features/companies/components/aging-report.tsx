import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { DashboardCard } from '@/components/ui/dashboard-card';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { termsMessages } from '@/config/terms-messages';
import { errorMessage } from '@/lib/api-client';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { formatPrice } from '@/utils/format';
import { useAging, useExportAging } from '../api/terms';
import { BUCKETS, Statement } from './statement';

const m = termsMessages.aging;

/** The admins' aging report (GET /admin/aging) on /dashboard/companies: each company's balance by days overdue, exportable as CSV; a company's statement opens below its row to record a payment. */
export default function AgingReport() {
  const aging = useAging();
  const exportCSV = useExportAging();
  const toast = useToast();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <DashboardCard titleId="aging-title" stripeColor="divider" data-testid="aging-report">
      <Typography id="aging-title" variant="h6" component="h2" sx={{ fontWeight: 800 }}>
        {m.title}
      </Typography>
      <Typography color="text.secondary">{m.intro}</Typography>
      {aging.isError ? (
        <ErrorMessage onRetry={() => void aging.refetch()}>{errorMessage(aging.error, m.loadFailed)}</ErrorMessage>
      ) : aging.isPending ? (
        <LoadingSpinner />
      ) : aging.data.length === 0 ? (
        <Typography>{m.empty}</Typography>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{m.company}</TableCell>
                  {BUCKETS.map((b) => (
                    <TableCell key={b} align="right">
                      {m[b]}
                    </TableCell>
                  ))}
                  <TableCell align="right">{m.total}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {aging.data.map((row) => (
                  <Fragment key={row.company}>
                    <TableRow data-testid="aging-row">
                      <TableCell>
                        <Button size="small" color="secondary" onClick={() => setOpen(open === row.company ? null : row.company)} aria-expanded={open === row.company}>
                          {open === row.company ? m.close : m.open(row.name)}
                        </Button>
                      </TableCell>
                      {BUCKETS.map((b) => (
                        <TableCell key={b} align="right">
                          {formatPrice(row.aging[b])}
                        </TableCell>
                      ))}
                      <TableCell align="right" sx={{ fontWeight: 800 }}>
                        {formatPrice(row.outstanding)}
                      </TableCell>
                    </TableRow>
                    {open === row.company && (
                      <TableRow>
                        <TableCell colSpan={BUCKETS.length + 2}>
                          <Statement companyId={row.company} canRecord />
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </Box>
          <Box>
            <Button variant="outlined" color="secondary" loading={exportCSV.isPending} onClick={() => exportCSV.mutate(undefined, { onError: (e) => toast.error(withReason(m.csvFailed, e)) })}>
              {m.csv}
            </Button>
          </Box>
        </>
      )}
    </DashboardCard>
  );
}
