import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import { useState } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { repeatBuyingMessages } from '@/config/repeat-buying-messages';
import { paths } from '@/config/paths';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { getCartProducts } from '../api/cart-products';
import { orderAgain, type OrderAgainResult, type PastLine } from '../utils/order-again';

const m = repeatBuyingMessages.orderAgain;

/** Order again (issue 49): a purchase's lines into the cart at today's prices, and what changed since, said. */
export function OrderAgainButton({ number, lines }: { number: number; lines: readonly PastLine[] }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<OrderAgainResult | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      const ids = [...new Set(lines.map((l) => l.productId))];
      setResult(orderAgain(lines, await getCartProducts(ids)));
    } catch (error) {
      toast.error(withReason(m.failed, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }} data-testid="order-again">
      <Button variant="contained" startIcon={<ReplayIcon />} onClick={() => void run()} loading={busy} loadingPosition="start" aria-label={m.label(number)}>
        {m.button}
      </Button>
      {result && (
        <Box role="status" sx={{ display: 'grid', gap: 0.5 }}>
          <Typography sx={{ fontWeight: 700 }}>{m.summary(result.added, result.total)}</Typography>
          {result.notes.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {result.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </Box>
          )}
        </Box>
      )}
      {result && result.added > 0 && (
        <ButtonLink to={paths.cart} tone="outlined">
          {m.goToCart}
        </ButtonLink>
      )}
    </Box>
  );
}
