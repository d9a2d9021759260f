import type { ReactNode } from 'react';
import { messages } from '@/config/messages';
import { PlainButton } from './button-link';
import s from './error-message.module.css';

/** An inline error with an optional retry. (Lighter than MUI's Alert, and drawn without MUI: the shell shows it.) */
export function ErrorMessage({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div role="alert" className={s.alert} data-severity="error">
      <span className={s.text}>{children}</span>
      {onRetry && (
        <PlainButton type="button" size="small" tone="outlined-error" onClick={onRetry}>
          {messages.common.retry}
        </PlainButton>
      )}
    </div>
  );
}
