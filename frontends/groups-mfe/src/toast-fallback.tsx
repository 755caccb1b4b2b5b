import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  CloseIcon,
  ToastContext,
  useToastContext,
  type Notify,
  type ToastInput,
} from '@trustcircle/ui';

const DURATION_MS = 5000;

/**
 * The shell provides `ToastContext` (design §7: it owns the toast region). Only when none is
 * provided (an older shell, or the remote on its own) does this render a minimal region of the
 * same look, so no notice of spec §8 is lost; inside a current shell it adds nothing.
 */
export function ToastFallback({ children }: { children: ReactNode }) {
  const provided = useToastContext();
  const [toast, setToast] = useState<(ToastInput & { id: number }) | null>(null);
  const notify = useCallback<Notify>((input) => setToast({ ...input, id: Date.now() }), []);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), toast.duration ?? DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  if (provided) return <>{children}</>;
  const destructive = toast?.variant === 'destructive';
  return (
    <ToastContext.Provider value={notify}>
      {children}
      <section className="tc-toast-region" aria-label="Notification" aria-live="polite">
        {toast && (
          <div
            key={toast.id}
            className={`tc-toast shadow ${destructive ? 'tc-toast-destructive' : ''} ${toast.variant === 'success' ? 'tc-toast-success' : ''}`}
            role={destructive ? 'alert' : 'status'}
            data-testid="toast"
          >
            <div className="flex-grow-1">
              <div className="tc-toast-title">{toast.title}</div>
              {toast.description && <div className="tc-toast-description">{toast.description}</div>}
            </div>
            <button
              type="button"
              className="btn btn-sm tc-toast-close"
              aria-label="Dismiss notification"
              onClick={() => setToast(null)}
            >
              <CloseIcon size={16} />
            </button>
          </div>
        )}
      </section>
    </ToastContext.Provider>
  );
}
