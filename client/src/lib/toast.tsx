import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { withMui } from './with-mui';

/**
 * The app's one notification helper: `const toast = useToast(); toast.success(msg)`.
 * Toasts show top-right, one at a time, and close after 5 s. The Snackbar code
 * loads with the first toast, so it is not part of the first load.
 */
export type ToastSeverity = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  severity: ToastSeverity;
  message: string;
}

export interface Toast {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

export const TOAST_DURATION_MS = 5000;

const ToastContext = createContext<Toast | null>(null);
// MUI's Snackbar, with MUI's theme: both load with the first toast.
const ToastViewport = lazy(withMui(() => import('./toast-viewport')));

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastItem[]>([]);
  // Stays mounted after the first toast, so the last one can animate out.
  const [used, setUsed] = useState(false);

  const toast = useMemo<Toast>(() => {
    const push = (severity: ToastSeverity) => (message: string) => {
      setUsed(true);
      setQueue((q) => [...q, { id: nextId++, severity, message }]);
    };
    return { success: push('success'), error: push('error'), info: push('info') };
  }, []);

  const dismiss = useCallback((id: number) => setQueue((q) => q.filter((t) => t.id !== id)), []);

  return (
    <ToastContext.Provider value={toast}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <ToastViewport queue={queue} duration={TOAST_DURATION_MS} onDismiss={dismiss} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): Toast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast needs a ToastProvider (AppProvider has one)');
  return toast;
}
