import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { ToastContext, type Notify, type ToastInput } from './context';
import { withoutStatus } from './helpers';
import { CloseIcon } from './icons';
import type { ToastRegionProps } from './toast-region';

/** Spec §4: one toast at a time, 5000 ms, swipe right past 50 px to dismiss, F8 focuses. */
export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;

export type ShownToast = ToastInput & { id: number };

/** The toast's classes, one definition for the Radix region and the plain fallback. */
export const toastClasses = (toast: ToastInput) =>
  `tc-toast shadow ${toast.variant && toast.variant !== 'default' ? `tc-toast-${toast.variant}` : ''}`;

type Region =
  | { status: 'idle' | 'failed' }
  | {
      status: 'ready';
      Component: ComponentType<ToastRegionProps>;
    };

/**
 * The one toast region (design §7: the shell mounts it; remotes call `useToast()`). A new toast
 * replaces the one showing. Callers pass an error's `message` ("401: Invalid username or
 * password", spec §8); people read the server's words without the status code, so it is
 * dropped here, once, for every toast.
 *
 * Radix Toast (toast-region.tsx) loads with the first toast or the first F8, not with the page:
 * most page loads never show one. Should that chunk fail to load (the network gone, the very
 * case many error toasts report), the toast still shows, plainly (PlainToast).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const [region, setRegion] = useState<Region>({ status: 'idle' });
  const [focusOnMount, setFocusOnMount] = useState(false);
  const nextId = useRef(1);
  const loading = useRef(false);

  const loadRegion = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    // While a retry loads, a failed region keeps showing toasts plainly.
    import('./toast-region')
      .then((mod) => setRegion({ status: 'ready', Component: mod.default }))
      .catch(() => {
        loading.current = false; // the next toast tries again
        setRegion({ status: 'failed' });
      });
  }, []);

  const notify = useCallback<Notify>(
    (input) => {
      loadRegion();
      setToast({ ...input, id: nextId.current++ });
    },
    [loadRegion],
  );
  const close = useCallback(
    (id: number) => setToast((current) => (current?.id === id ? null : current)),
    [],
  );

  const ready = region.status === 'ready';
  useEffect(() => {
    if (ready) return undefined; // Radix's own F8 handler takes over
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      setFocusOnMount(true);
      loadRegion();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [ready, loadRegion]);

  return (
    <ToastContext.Provider value={notify}>
      {children}
      {region.status === 'ready' ? (
        <region.Component toast={toast} onClose={close} focusOnMount={focusOnMount} />
      ) : (
        region.status === 'failed' && toast && <PlainToast toast={toast} onClose={close} />
      )}
    </ToastContext.Provider>
  );
}

/** The toast without Radix: same look and words, closes on its button or after its time. */
function PlainToast({ toast, onClose }: { toast: ShownToast; onClose: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), toast.duration ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, onClose]);
  return (
    <section className="tc-toast-region" aria-label="Notification">
      <div
        className={toastClasses(toast)}
        role={toast.variant === 'destructive' ? 'alert' : 'status'}
        data-testid="toast"
      >
        <div className="flex-grow-1">
          <div className="tc-toast-title">{toast.title}</div>
          {toast.description && (
            <div className="tc-toast-description">{withoutStatus(toast.description)}</div>
          )}
        </div>
        <button
          type="button"
          className="btn btn-sm tc-toast-close"
          aria-label="Dismiss notification"
          onClick={() => onClose(toast.id)}
        >
          <CloseIcon size={16} />
        </button>
      </div>
    </section>
  );
}

/** What joining a group tells (spec §4): success by name, or why it failed. */
export function joinGroupToasts(notify: Notify, groupName: string) {
  return {
    onSuccess: () =>
      notify({
        title: 'Joined group successfully',
        description: `Success! You've joined ${groupName}`,
        variant: 'success',
      }),
    onError: (error: Error) =>
      notify({ title: 'Failed to join group', description: error.message, variant: 'destructive' }),
  };
}
