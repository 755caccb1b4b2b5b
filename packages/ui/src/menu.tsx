import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from './router';
import { useClickOutside } from './hooks';

/**
 * A button's drop-down menu (the account menu, the bell, a review's options): open and closed by
 * its button, closed by a press outside, by Escape (focus back on the button) and by leaving
 * the page. Spread `toggle` on the button, `ref` and `onKeyDown` on the wrapper, `menuId` on
 * the menu.
 */
export function useMenu() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(ref, open, close);
  return {
    open,
    close,
    ref,
    menuId,
    onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || !open) return;
      setOpen(false);
      ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
    },
    toggle: {
      'aria-haspopup': 'true' as const,
      'aria-expanded': open,
      'aria-controls': menuId,
      onClick: () => setOpen((value) => !value),
    },
  };
}
