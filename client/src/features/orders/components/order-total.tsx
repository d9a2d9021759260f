import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { orderMessages } from '@/config/order-messages';

const m = orderMessages.orders;

/** The order's total as the quantity makes it, and Place Order. */
export function OrderTotal({ total, canSubmit, submitting }: { total: string | null; canSubmit: boolean; submitting: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        pt: 2,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography component="p" aria-live="polite" sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 700 }}>
          {m.total}
        </Box>
        <Box component="span" data-testid="order-total" sx={{ fontWeight: 800, fontSize: '1.35rem' }}>
          {total ?? '—'}
        </Box>
      </Typography>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!canSubmit}
        loading={submitting}
        sx={{ minHeight: 48, px: 4, flexGrow: { xs: 1, sm: 0 } }}
      >
        {m.submit}
      </Button>
    </Box>
  );
}
