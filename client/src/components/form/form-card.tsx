import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEventHandler, ReactNode } from 'react';
import { mergeSx } from '@/lib/theme';

const cardSx = {
  display: 'grid',
  gap: 2.25,
  p: { xs: 2.5, sm: 4 },
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
} as const;

interface FormCardProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's name for screen readers (or `aria-labelledby`, its visible title). */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** Laid over the card's own look, for a form that needs more room or another corner. */
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * A page's form on a white card, its fields in one column. The browser's own
 * validation is off: the fields' rules say what is wrong, in the app's words.
 */
export function FormCard({ sx, children, ...props }: FormCardProps) {
  return (
    <Box component="form" noValidate {...props} sx={mergeSx(cardSx, sx)}>
      {children}
    </Box>
  );
}
