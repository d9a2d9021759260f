import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { messages } from '@/config/messages';
// Only a type from ./toast: a value import would tie this lazy chunk to the entry's code.
import type { ToastItem } from './toast';

interface ToastViewportProps {
  queue: ToastItem[];
  /** How long each toast stays, in ms. */
  duration: number;
  onDismiss: (id: number) => void;
}

/** Shows the queue's first toast; a newer one closes it early (MUI's consecutive snackbars). */
export default function ToastViewport({ queue, duration, onDismiss }: ToastViewportProps) {
  const [shown, setShown] = useState<ToastItem | undefined>();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!shown) {
      const next = queue[0];
      if (next) {
        // eslint-disable-next-line react-hooks/set-state-in-effect -- steps the Snackbar's open/exit cycle as the queue (a prop) changes
        setShown(next);
        setOpen(true);
      }
    } else if (queue.some((t) => t.id !== shown.id)) {
      setOpen(false); // a newer message is waiting: make way for it
    }
  }, [queue, shown]);

  const close = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page is not a request to dismiss the message.
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  const exited = () => {
    if (shown) onDismiss(shown.id);
    setShown(undefined);
  };

  return (
    <Snackbar
      key={shown?.id}
      open={open && shown !== undefined}
      autoHideDuration={duration}
      onClose={close}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ transition: { onExited: exited } }}
      sx={{ top: { xs: 76, md: 88 } }}
    >
      <Alert
        severity={shown?.severity ?? 'info'}
        variant="filled"
        onClose={close}
        slotProps={{ closeButton: { title: messages.toast.close, 'aria-label': messages.toast.close } }}
        sx={{ width: '100%', minWidth: { sm: 320 }, maxWidth: 480, alignItems: 'center', fontWeight: 600, boxShadow: 6 }}
      >
        {shown?.message}
      </Alert>
    </Snackbar>
  );
}
