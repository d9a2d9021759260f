import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { messages } from '@/config/messages';
import { PlainButton } from './button-link';

/** An inline error with an optional retry. (Lighter than MUI's Alert, to keep the first load small.) */
export function ErrorMessage({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 2,
        px: 2.5,
        py: 1.5,
        borderRadius: 2,
        border: '1px solid',
        borderColor: 'feedback.error.border',
        borderLeft: '6px solid',
        borderLeftColor: 'error.main',
        bgcolor: 'feedback.error.bg',
        color: 'feedback.error.text',
        fontWeight: 600,
      }}
    >
      <Box component="span" sx={{ flexGrow: 1 }}>
        {children}
      </Box>
      {onRetry && (
        <PlainButton type="button" size="small" tone="outlined-error" onClick={onRetry}>
          {messages.common.retry}
        </PlainButton>
      )}
    </Box>
  );
}
