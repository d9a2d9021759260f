import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEventHandler, type ReactNode } from 'react';

interface FormDialogProps {
  open: boolean;
  /** Cancel, Escape or a click outside; not called while `busy`. */
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  title: ReactNode;
  /** The form is being sent: the submit button shows it, and the dialog cannot be closed. */
  busy: boolean;
  cancelLabel: string;
  submitLabel: string;
  submitIcon: ReactNode;
  children: ReactNode;
}

/** A form in a dialog: its title, the fields, then Cancel and the submit button. */
export function FormDialog({ open, onClose, onSubmit, title, busy, cancelLabel, submitLabel, submitIcon, children }: FormDialogProps) {
  const titleId = useId();
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId} sx={{ fontWeight: 800 }}>
          {title}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.25 }}>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} color="secondary" disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" loading={busy} loadingPosition="start" startIcon={submitIcon}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
