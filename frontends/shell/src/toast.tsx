import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { CloseIcon, ToastContext, type Notify, type ToastInput } from '@trustcircle/ui';

export { useToast, type ToastInput } from '@trustcircle/ui';

/** Spec §4: one toast at a time, 5000 ms, swipe right past 50 px to dismiss, F8 focuses. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;

interface ToastItem extends ToastInput {
  id: number;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const regionRef = useRef<HTMLElement>(null);

  const notify = useCallback<Notify>((toast) => {
    const id = nextId.current++;
    setToasts((current) => [{ ...toast, id }, ...current].slice(0, TOAST_LIMIT));
  }, []);
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section
        ref={regionRef}
        className="tc-toast-region"
        aria-label="Notification"
        tabIndex={-1}
        aria-live="polite"
      >
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss(): void }) {
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(onDismiss, toast.duration ?? TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [paused, onDismiss, toast.duration]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setPaused(true);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset > SWIPE_THRESHOLD_PX) onDismiss();
    else {
      setOffset(0);
      setPaused(false);
    }
  };

  const destructive = toast.variant === 'destructive';
  return (
    <div
      className={`tc-toast shadow ${destructive ? 'tc-toast-destructive' : ''} ${toast.variant === 'success' ? 'tc-toast-success' : ''}`}
      role={destructive ? 'alert' : 'status'}
      style={
        offset
          ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) }
          : undefined
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => start.current === null && setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
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
        onClick={onDismiss}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
