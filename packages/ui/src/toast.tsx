import * as Toast from '@radix-ui/react-toast';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type Notify, type ToastInput } from './context';
import { withoutStatus } from './helpers';
import { CloseIcon } from './icons';

/** Spec §4: one toast at a time, 5000 ms, swipe right past 50 px to dismiss, F8 focuses. */
export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;

/**
 * The one toast region (design §7: the shell mounts it; remotes call `useToast()`), Radix Toast
 * configured as spec §4 says. A new toast replaces the one showing. Callers pass an error's
 * `message` ("401: Invalid username or password", spec §8); people read the server's words
 * without the status code, so it is dropped here, once, for every toast.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<(ToastInput & { id: number }) | null>(null);
  const nextId = useRef(1);
  const notify = useCallback<Notify>((input) => setToast({ ...input, id: nextId.current++ }), []);
  const close = (id: number) => setToast((current) => (current?.id === id ? null : current));
  const variant = toast?.variant && toast.variant !== 'default' ? `tc-toast-${toast.variant}` : '';

  return (
    <ToastContext.Provider value={notify}>
      <Toast.Provider
        label="Notification"
        duration={TOAST_DURATION_MS}
        swipeDirection="right"
        swipeThreshold={SWIPE_THRESHOLD_PX}
      >
        {children}
        {toast && (
          <Toast.Root
            key={toast.id}
            className={`tc-toast shadow ${variant}`}
            type={toast.variant === 'destructive' ? 'foreground' : 'background'}
            duration={toast.duration}
            onOpenChange={(open) => open || close(toast.id)}
            data-testid="toast"
          >
            <div className="flex-grow-1">
              <Toast.Title className="tc-toast-title">{toast.title}</Toast.Title>
              {toast.description && (
                <Toast.Description className="tc-toast-description">
                  {withoutStatus(toast.description)}
                </Toast.Description>
              )}
            </div>
            <Toast.Close className="btn btn-sm tc-toast-close" aria-label="Dismiss notification">
              <CloseIcon size={16} />
            </Toast.Close>
          </Toast.Root>
        )}
        {/* F8 focuses this list: it carries the region's name too, so focus lands on "Notification". */}
        <Toast.Viewport
          className="tc-toast-region"
          label="Notification"
          aria-label="Notification"
        />
      </Toast.Provider>
    </ToastContext.Provider>
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
