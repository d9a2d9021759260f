import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import type { Control } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { serviceMessages } from '@/config/service-messages';
import { formatPrice } from '@/utils/format';
import type { QuoteListItem } from '../utils/quote-list';
import { quantityNote, validateQuoteQuantity, type QuoteFormValues } from '../utils/quote-request-rules';

const m = serviceMessages.quoteList;

interface QuoteItemRowProps {
  item: QuoteListItem;
  /** Its place in the form's items. */
  index: number;
  control: Control<QuoteFormValues>;
  /** The quantity as typed, for the note under it. */
  quantity: string | undefined;
  onRemove: () => void;
}

/** One product of the quote request: its picture, name and list price, the quantity asked for, and Remove. */
export function QuoteItemRow({ item, index, control, quantity, onRemove }: QuoteItemRowProps) {
  const nameId = `quote-item-${item.productId}`;
  return (
    <Box
      component="li"
      data-testid="quote-item"
      aria-labelledby={nameId}
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: { xs: '64px minmax(0, 1fr) auto', sm: '80px minmax(0, 1fr) 220px auto' },
        pb: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        component="img"
        src={item.image}
        alt=""
        width={80}
        height={60}
        sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1, bgcolor: 'background.default' }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography id={nameId} sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
          {item.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {m.listPrice(formatPrice(item.price))}
        </Typography>
      </Box>
      <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
        <FormTextField
          control={control}
          name={`items.${index}.quantity`}
          rules={{ validate: validateQuoteQuantity }}
          label={m.quantity}
          required
          fullWidth
          size="small"
          helperText={quantityNote(item, quantity)}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': m.quantityLabel(item.name) } }}
        />
      </Box>
      <IconButton
        aria-label={m.removeLabel(item.name)}
        onClick={onRemove}
        sx={{ gridColumn: { xs: 3, sm: 'auto' }, gridRow: { xs: 1, sm: 'auto' } }}
      >
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  );
}
