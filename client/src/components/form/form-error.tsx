import Box from '@mui/material/Box';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import type { ReactNode } from 'react';

/** A form's own error (the server's answer), in red under the form; announced when it appears. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <Box
      role="alert"
      data-testid="form-error"
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, color: 'error.main', fontWeight: 600, fontSize: '0.95rem', lineHeight: 1.5 }}
    >
      <ErrorOutlineIcon fontSize="small" aria-hidden="true" sx={{ mt: '1px' }} />
      <span>{children}</span>
    </Box>
  );
}
