import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { visuallyHiddenSx } from '@/components/ui/visually-hidden';
import { focusRingStyle, mergeSx } from '@/lib/theme';
import { IMAGE_ACCEPT } from '@/lib/upload-image';

interface FileFieldFrameProps {
  label: string;
  labelId: string;
  /** The file input the label names (a label for one input); without it the label names the group by `labelId`. */
  inputId?: string;
  helpId: string;
  required?: boolean;
  /** The field's error: shown in place of the help, and the frame turns red. */
  message?: string;
  help: ReactNode;
  /** The frame's border while the field has no error. */
  border: string;
  /** The frame's own layout (its gap, wrapping or background). */
  sx?: SxProps<Theme>;
  /** The previews and the picker button. */
  children: ReactNode;
}

/** A file field's frame: its label, a dashed box with the previews and the picker, and the help or the error under it. */
export function FileFieldFrame({ label, labelId, inputId, helpId, required, message, help, border, sx, children }: FileFieldFrameProps) {
  const frameSx = {
    mt: 0.75,
    p: 1.5,
    display: 'flex',
    alignItems: 'center',
    border: '1.5px dashed',
    borderColor: message ? 'error.main' : border,
    borderRadius: 2,
  } as const;
  return (
    <Box>
      <FormLabel id={labelId} htmlFor={inputId} required={required} error={Boolean(message)} sx={{ fontWeight: 600, fontSize: '0.9rem' }}>
        {label}
      </FormLabel>
      <Box sx={mergeSx(frameSx, sx)}>{children}</Box>
      {/* Polite live text: a file refused as it is chosen is said where the focus stays (the picker). */}
      <FormHelperText id={helpId} error={Boolean(message)} aria-live="polite" sx={{ mx: 1.75 }}>
        {message ?? help}
      </FormHelperText>
    </Box>
  );
}

type FilePickerButtonProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'accept' | 'style' | 'children'> & {
  icon: ReactNode;
  /** The button's words. */
  children: ReactNode;
};

/**
 * "Choose image": a button-looking label around a visually hidden file input
 * for images. The input keeps the focus and the keyboard (the label is out of
 * the tab order); the ring drawn on the button shows that focus.
 */
export function FilePickerButton({ icon, children, disabled, ...input }: FilePickerButtonProps) {
  return (
    <Button
      component="label"
      role={undefined}
      tabIndex={-1}
      disableRipple
      variant="outlined"
      color="secondary"
      startIcon={icon}
      disabled={disabled}
      sx={{ '&:has(input:focus-visible)': focusRingStyle }}
    >
      {children}
      <input {...input} type="file" accept={IMAGE_ACCEPT} disabled={disabled} style={visuallyHiddenSx} />
    </Button>
  );
}
