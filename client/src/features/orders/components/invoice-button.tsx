import Button from '@mui/material/Button';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { cartMessages } from '@/config/cart-messages';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { useDownloadInvoice } from '../api/download-invoice';

/** Downloads invoice N (the buyer's, or any for an admin) as invoice-N.pdf. */
export function InvoiceButton({ number, describedBy }: { number: number; describedBy?: string }) {
  const toast = useToast();
  const download = useDownloadInvoice();
  return (
    <Button
      size="small"
      variant="outlined"
      color="secondary"
      startIcon={<ReceiptLongOutlinedIcon />}
      loading={download.isPending}
      loadingPosition="start"
      data-testid="invoice-download"
      aria-describedby={describedBy}
      onClick={() => download.mutate(number, { onError: (error) => toast.error(withReason(cartMessages.order.invoiceFailed, error)) })}
      sx={{ mt: 0.5 }}
    >
      {cartMessages.order.invoice(number)}
    </Button>
  );
}
