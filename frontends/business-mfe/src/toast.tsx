import { useCallback, useState, type ReactNode } from 'react';
import {
  CloseIcon,
  ToastContext,
  useToastContext,
  type Notify,
  type ToastInput,
} from '@trustcircle/ui';

/** The shell's toast function (shared through `ToastContext` of @trustcircle/ui). */
export function useNotify(): Notify {
  const notify = useToastContext();
  return notify ?? noop;
}

const noop: Notify = () => undefined;

/**
 * Only when no shell provides `ToastContext` (an older shell, or the remote on its own): a
 * minimal region of our own so messages are never lost. Inside a current shell it renders
 * nothing extra.
 */
export function ToastFallback({ children }: { children: ReactNode }) {
  const provided = useToastContext();
  const [toast, setToast] = useState<ToastInput | null>(null);
  const notify = useCallback<Notify>((input) => {
    setToast(input);
    window.setTimeout(
      () => setToast((current) => (current === input ? null : current)),
      input.duration ?? 5000,
    );
  }, []);
  if (provided) return <>{children}</>;
  return (
    <ToastContext.Provider value={notify}>
      {children}
      <section className="tc-toast-region" aria-label="Notification" aria-live="polite">
        {toast && (
          <div
            className={`tc-toast shadow ${toast.variant === 'destructive' ? 'tc-toast-destructive' : ''}`}
            role={toast.variant === 'destructive' ? 'alert' : 'status'}
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
