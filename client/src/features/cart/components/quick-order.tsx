import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { ErrorMessage } from '@/components/ui/error-message';
import { repeatBuyingMessages } from '@/config/repeat-buying-messages';
import { paths } from '@/config/paths';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import type { BulkLineAnswer } from '@/types/api';
import { MAX_BULK_LINES, readLines, useAddBulk, type ReadLine } from '../api/bulk';
import { MAX_CART_LINES } from '../store/cart-store';

const m = repeatBuyingMessages.quickOrder;

/** What became of a line, in words. */
export function outcomeText(answer: BulkLineAnswer): string {
  switch (answer.outcome) {
    case 'added':
      return m.outcome.added(answer.name ?? answer.sku);
    case 'unknown_sku':
      return m.outcome.unknown_sku;
    case 'below_minimum':
      return m.outcome.below_minimum(answer.minimum ?? 1);
    case 'above_stock':
      return m.outcome.above_stock(answer.available ?? 0);
    case 'duplicate':
      return m.outcome.duplicate;
    case 'cart_full':
      return m.outcome.cart_full(MAX_CART_LINES);
  }
}

interface Row {
  n: number;
  sku: string;
  quantity: string;
  outcome: string;
  added: boolean;
}

/**
 * /quick-order (signed in, issue 49): SKUs and quantities pasted or read from a CSV file, sent as one POST
 * /cart/bulk; each line's outcome is shown, in the order written, and those added are in the cart.
 */
export function QuickOrder() {
  const toast = useToast();
  const bulk = useAddBulk();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[] | null>(null);
  const hintId = useId();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    file.text().then(
      (content) => {
        setText(content.trim());
        toast.success(m.fileRead(file.name, readLines(content).length));
      },
      () => toast.error(m.fileFailed(file.name)),
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const read = readLines(text);
    const good = read.filter((r): r is ReadLine & { line: NonNullable<ReadLine['line']> } => r.line !== null);
    if (good.length === 0) return setProblem(m.nothing);
    if (good.length > MAX_BULK_LINES) return setProblem(m.tooMany(MAX_BULK_LINES));
    setProblem(null);
    bulk.mutate(
      good.map((r) => r.line),
      {
        onSuccess: (answer) => {
          let k = 0;
          setRows(
            read.map((r, i) => {
              if (!r.line) return { n: i + 1, sku: r.text, quantity: '', outcome: m.outcome.unreadable, added: false };
              const a = answer.lines[k++];
              return { n: i + 1, sku: r.line.sku, quantity: String(r.line.quantity), outcome: a ? outcomeText(a) : '', added: a?.outcome === 'added' };
            }),
          );
        },
        onError: (error) => toast.error(withReason(m.failed, error)),
      },
    );
  };

  const added = rows?.filter((r) => r.added).length ?? 0;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        <TextField
          label={m.lines}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={6}
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false, 'aria-describedby': hintId, style: { fontFamily: 'monospace' } } }}
        />
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {m.linesHint}
        </Typography>
        {problem && <ErrorMessage>{problem}</ErrorMessage>}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Button component="label" variant="outlined" color="secondary" startIcon={<UploadFileOutlinedIcon />}>
            {m.file}
            <input type="file" accept=".csv,text/csv,text/plain" hidden onChange={onFile} />
          </Button>
          <Button type="submit" variant="contained" loading={bulk.isPending}>
            {m.submit}
          </Button>
        </Box>
      </Box>
      {rows && (
        <Box component="section" aria-labelledby="quick-order-results" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id="quick-order-results" variant="h5" component="h2" sx={{ fontWeight: 800 }}>
            {m.resultsTitle}
          </Typography>
          <Typography role="status" sx={{ fontWeight: 700 }} data-testid="quick-order-summary">
            {m.summary(added, rows.length)}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', '& th, & td': { textAlign: 'left', p: 1, borderBottom: 1, borderColor: 'divider', verticalAlign: 'top' } }}>
              <thead>
                <tr>
                  <th scope="col">{m.columnLine}</th>
                  <th scope="col">{m.columnSku}</th>
                  <th scope="col">{m.columnQuantity}</th>
                  <th scope="col">{m.columnOutcome}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.n} data-testid="quick-order-line">
                    <td>{r.n}</td>
                    <Box component="td" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
                      {r.sku}
                    </Box>
                    <td>{r.quantity}</td>
                    <Box component="td" sx={{ fontWeight: 700, color: r.added ? 'success.dark' : 'error.main' }}>
                      {r.outcome}
                    </Box>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
          {added > 0 && (
            <Box>
              <ButtonLink to={paths.cart} tone="primary">
                {m.goToCart}
              </ButtonLink>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
