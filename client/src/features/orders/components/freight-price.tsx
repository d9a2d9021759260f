import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { deliveryMessages as m } from '@/config/delivery-messages';
import { ApiError } from '@/lib/api-client';
import { useToast } from '@/lib/toast';
import { usePriceFreight } from '../api/purchase-actions';

/**
 * A purchase awaiting its freight price (issue 48): its buyer reads that it is priced next; an admin prices it here
 * (PUT /groups/{id}/freight), after which it is payable.
 */
export function FreightPrice({ purchaseId, admin }: { purchaseId: string; admin: boolean }) {
  const titleId = useId();
  const toast = useToast();
  const price = usePriceFreight();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Box component="section" aria-labelledby={titleId} data-testid="freight-price" sx={{ display: 'grid', gap: 1.5, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Typography id={titleId} component="h2" sx={{ fontWeight: 800 }}>
        {admin ? m.priceTitle : m.onQuote}
      </Typography>
      <Typography>{m.awaiting}</Typography>
      {admin && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            setProblem(null);
            price.mutate(
              { id: purchaseId, price: value.trim() },
              {
                onSuccess: () => toast.success(m.priced),
                onError: (error) => {
                  const reason = error instanceof ApiError ? (error.errors.price ?? error.detail) : String(error);
                  setProblem(reason);
                  toast.error(m.priceFailed(reason));
                },
              },
            );
          }}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
        >
          <TextField
            label={m.priceLabel}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={problem !== null}
            helperText={problem ?? ' '}
            required
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'freight-price-input' } }}
          />
          <Button type="submit" variant="contained" loading={price.isPending} disabled={price.isSuccess} sx={{ minHeight: 56 }}>
            {m.priceSubmit}
          </Button>
        </Box>
      )}
    </Box>
  );
}
