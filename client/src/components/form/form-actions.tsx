import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

const wide = { minHeight: 48, width: { xs: '100%', sm: 'auto' } } as const;

interface FormActionsProps {
  /** The submit button's words and icon. */
  submitLabel: string;
  submitIcon: ReactNode;
  /** The form is being sent: the submit button shows it and takes no second click; Cancel is off. */
  submitting: boolean;
  /** Leave the form without sending it; no Cancel button without it. */
  onCancel?: () => void;
  cancelLabel?: string;
}

/**
 * The end of a form card: its submit button on the right (full width on
 * phones), after an optional Cancel, which wraps below it on phones.
 */
export function FormActions({ submitLabel, submitIcon, submitting, onCancel, cancelLabel }: FormActionsProps) {
  return (
    <Box sx={onCancel ? { display: 'flex', justifyContent: 'flex-end', gap: 1.5, flexWrap: 'wrap-reverse' } : { display: 'flex', justifyContent: 'flex-end' }}>
      {onCancel && (
        <Button type="button" variant="outlined" color="secondary" size="large" onClick={onCancel} disabled={submitting} sx={wide}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" variant="contained" size="large" loading={submitting} loadingPosition="start" startIcon={submitIcon} sx={{ ...wide, px: 4 }}>
        {submitLabel}
      </Button>
    </Box>
  );
}
