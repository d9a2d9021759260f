import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';

/** What the dialog asks: its title, the question, and the words of its two buttons. */
export interface ConfirmRequest {
  title: string;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
}

interface Pending extends ConfirmRequest {
  resolve: (confirmed: boolean) => void;
}

/**
 * The app's own confirmation dialog, in place of the browser's `confirm`: `ask(request)` opens it and resolves true
 * when the user confirms, false when they cancel, press Escape or click outside. Render `element` once beside the
 * buttons that ask.
 */
export function useConfirmDialog(): { ask: (request: ConfirmRequest) => Promise<boolean>; element: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  const titleId = useId();
  const textId = useId();

  const ask = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        pendingRef.current?.resolve(false); // a second question answers the first "no"
        const next = { ...request, resolve };
        pendingRef.current = next;
        setPending(next);
      }),
    [],
  );
  const answer = (confirmed: boolean) => {
    const current = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    current?.resolve(confirmed);
  };

  const element = (
    <Dialog open={pending !== null} onClose={() => answer(false)} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ fontWeight: 800 }}>
        {pending?.title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
          {pending?.question}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => answer(false)} color="secondary">
          {pending?.cancelLabel}
        </Button>
        <Button onClick={() => answer(true)} variant="contained">
          {pending?.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { ask, element };
}
