import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { visuallyHiddenSx } from '@/components/ui/visually-hidden';
import { termsMessages } from '@/config/terms-messages';
import { errorMessage } from '@/lib/api-client';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import type { Statement as StatementData } from '@/types/api';
import { formatDate } from '@/utils/format-date';
import { formatPrice } from '@/utils/format';
import { useRecordPayment, useStatement } from '../api/terms';

const m = termsMessages.statement;
const p = termsMessages.payment;
const a = termsMessages.aging;

/** The buckets of a balance by days overdue, in the report's order. */
export const BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90plus'] as const;

/** Today as YYYY-MM-DD (the payment's default date). */
const today = () => new Date().toISOString().slice(0, 10);

/** Sums dollar amounts in cents, so that the total is exact. */
export const sumDollars = (amounts: number[]) => amounts.reduce((sum, x) => sum + Math.round(x * 100), 0) / 100;

/** An admin's record of a bank payment against the invoices ticked; the amount starts as their total. */
function PaymentForm({ companyId, picked, total, onDone }: { companyId: string; picked: number[]; total: number; onDone: () => void }) {
  const toast = useToast();
  const record = useRecordPayment();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [date, setDate] = useState(today);
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked.length === 0) return setProblem(p.pickInvoices);
    if (!reference.trim()) return setProblem(p.required(p.reference));
    setProblem(undefined);
    const value = amount.trim() === '' ? total : Number(amount.trim());
    // The answer's promise, not mutate's callbacks: paying the last unpaid invoices unmounts this form, maybe
    // before every query the payment invalidates has answered (the toast was then lost).
    void record.mutateAsync({ id: companyId, amount: value, reference: reference.trim(), date, invoices: picked }).then(
      () => {
        toast.success(p.recorded(formatPrice(value)));
        setAmount('');
        setReference('');
        onDone();
      },
      (error: Error) => {
        setProblem(errorMessage(error, p.failed));
        toast.error(withReason(p.failed, error));
      },
    );
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby={`pay-${companyId}`} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={`pay-${companyId}`} variant="subtitle1" component="h3" sx={{ fontWeight: 800 }}>
        {p.title}
      </Typography>
      <Typography color="text.secondary">{picked.length > 0 ? p.total(formatPrice(total)) : p.intro}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <TextField label={p.amount} value={amount} placeholder={String(total)} onChange={(e) => setAmount(e.target.value)} size="small" sx={{ maxWidth: 180 }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <TextField label={p.reference} value={reference} onChange={(e) => setReference(e.target.value)} size="small" required />
        <TextField label={p.date} type="date" value={date} onChange={(e) => setDate(e.target.value)} size="small" slotProps={{ inputLabel: { shrink: true } }} />
      </Box>
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
      <Box>
        <Button type="submit" variant="contained" loading={record.isPending}>
          {p.submit}
        </Button>
      </Box>
    </Box>
  );
}

/** The figures and the aging of a statement. */
function Figures({ data }: { data: StatementData }) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }} data-testid="statement-figures">
        <Typography>
          {m.outstanding}: <strong>{formatPrice(data.outstanding)}</strong>
        </Typography>
        <Typography>
          {m.creditLimit}: <strong>{formatPrice(data.creditLimit)}</strong> ({m.terms(data.termsDays)})
        </Typography>
        <Typography>
          {m.available}: <strong>{formatPrice(data.available)}</strong>
        </Typography>
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 800 }}>
        {m.agingTitle}
      </Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0 }} data-testid="statement-aging">
        {BUCKETS.map((b) => (
          <Box key={b}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {a[b]}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
              {formatPrice(data.aging[b])}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * A company's statement on account (GET /companies/{id}/statement): its company admin reads it; an admin
 * (canRecord) ticks unpaid invoices and records the bank payment that settles them.
 */
export function Statement({ companyId, canRecord = false }: { companyId: string; canRecord?: boolean }) {
  const statement = useStatement(companyId);
  const [picked, setPicked] = useState<number[]>([]);
  if (statement.isError) return <ErrorMessage onRetry={() => void statement.refetch()}>{errorMessage(statement.error, m.loadFailed)}</ErrorMessage>;
  if (statement.isPending) return <LoadingSpinner />;
  const data = statement.data;
  const total = sumDollars(data.invoices.filter((i) => picked.includes(i.number)).map((i) => i.amount));
  const toggle = (n: number) => setPicked((cur) => (cur.includes(n) ? cur.filter((x) => x !== n) : [...cur, n]));
  return (
    <Box component="section" aria-labelledby={`statement-${companyId}`} sx={{ display: 'grid', gap: 2 }} data-testid="statement">
      <Typography id={`statement-${companyId}`} variant="h6" component="h2" sx={{ fontWeight: 800 }}>
        {m.title}
      </Typography>
      <Figures data={data} />
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 800 }}>
        {m.invoicesTitle}
      </Typography>
      {data.invoices.length === 0 ? (
        <Typography>{m.noInvoices}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {canRecord && (
                  <TableCell padding="checkbox">
                    <Box component="span" sx={visuallyHiddenSx}>
                      {m.pay}
                    </Box>
                  </TableCell>
                )}
                <TableCell>{m.invoice}</TableCell>
                <TableCell>{m.po}</TableCell>
                <TableCell align="right">{m.amount}</TableCell>
                <TableCell>{m.due}</TableCell>
                <TableCell>{m.status}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.invoices.map((inv) => (
                <TableRow key={inv.number} data-testid="statement-invoice">
                  {canRecord && (
                    <TableCell padding="checkbox">
                      {!inv.paid && <Checkbox checked={picked.includes(inv.number)} onChange={() => toggle(inv.number)} slotProps={{ input: { 'aria-label': m.select(inv.number) } }} />}
                    </TableCell>
                  )}
                  <TableCell>{inv.number}</TableCell>
                  <TableCell>{inv.poNumber ?? ''}</TableCell>
                  <TableCell align="right">{formatPrice(inv.amount)}</TableCell>
                  <TableCell>{formatDate(inv.dueDate)}</TableCell>
                  <TableCell>{inv.paid ? m.paid : inv.daysOverdue > 0 ? m.overdue(inv.daysOverdue) : m.unpaid}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {canRecord && data.invoices.some((i) => !i.paid) && <PaymentForm companyId={companyId} picked={picked} total={total} onDone={() => setPicked([])} />}
      {data.payments.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 800 }}>
            {m.paymentsTitle}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {data.payments.map((pay) => (
              <li key={pay._id}>
                {pay.date}: {formatPrice(pay.amount)} ({pay.reference}), {m.invoice} {pay.invoices.join(', ')}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
