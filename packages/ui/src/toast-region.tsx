import * as Toast from '@radix-ui/react-toast';
import { useEffect, useRef } from 'react';
import { withoutStatus } from './helpers';
import { CloseIcon } from './icons';
import { SWIPE_THRESHOLD_PX, TOAST_DURATION_MS, toastClasses, type ShownToast } from './toast';

export interface ToastRegionProps {
  toast: ShownToast | null;
  onClose: (id: number) => void;
  /** F8 was pressed before the region had loaded: focus it once mounted, as F8 would have. */
  focusOnMount: boolean;
}

/**
 * The toast region proper, Radix Toast configured as spec §4 says. Its own chunk: toast.tsx
 * loads it with the first toast (or F8), so no page's first load carries Radix.
 */
export default function ToastRegion({ toast, onClose, focusOnMount }: ToastRegionProps) {
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);

  return (
    <Toast.Provider
      label="Notification"
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
    >
      {toast && (
        <Toast.Root
          key={toast.id}
          className={toastClasses(toast)}
          type={toast.variant === 'destructive' ? 'foreground' : 'background'}
          duration={toast.duration}
          onOpenChange={(open) => open || onClose(toast.id)}
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
        ref={viewport}
        className="tc-toast-region"
        label="Notification"
        aria-label="Notification"
      />
    </Toast.Provider>
  );
}
