import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'react';

/** Mobile breakpoint of spec §2: below 768 px. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);

/** While `open`, a mouse press outside `ref` calls `onOutside` (menus close that way). */
export function useClickOutside(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  onOutside: () => void,
) {
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) onOutside();
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open, ref, onOutside]);
}

/** Keeps Tab inside `container` (a dialog or drawer): from the last item to the first and back. */
export function trapTab(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
  container: HTMLElement | null,
  selector: string,
) {
  if (event.key !== 'Tab' || !container) return;
  const items = container.querySelectorAll<HTMLElement>(selector);
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}

/** What `useEventSource` calls: per event name, and when the connection (re)opens. */
export interface EventSourceHandlers {
  events: Record<string, (event: MessageEvent<string>) => void>;
  onOpen?(): void;
}

/** After the server refused a stream (503 while it restarts, 429), the next try. */
export const EVENT_SOURCE_REOPEN_MS = 30_000;

/**
 * A Server-Sent Events stream held open while `url` is set (the notification bell, issue 18).
 * The browser's EventSource reconnects by itself after a drop and resends `Last-Event-ID`, so
 * nothing here polls. It gives up for good when an answer is not a stream (a 503 while the
 * service restarts): then a new one is opened after `EVENT_SOURCE_REOPEN_MS`, whose `onOpen`
 * lets the caller catch up. Handlers live in a ref: a re-render must not reopen the stream.
 */
export function useEventSource(url: string | null, handlers: EventSourceHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const names = Object.keys(handlers.events).sort().join(',');
  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    let source: EventSource;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      source = new EventSource(url, { withCredentials: true });
      source.addEventListener('open', () => latest.current.onOpen?.());
      source.addEventListener('error', () => {
        if (source.readyState === EventSource.CLOSED)
          reopen = setTimeout(open, EVENT_SOURCE_REOPEN_MS);
      });
      for (const name of names.split(',').filter(Boolean)) {
        source.addEventListener(name, (event) =>
          latest.current.events[name]?.(event as MessageEvent),
        );
      }
    };
    open();
    // Closing drops its listeners with it.
    return () => {
      clearTimeout(reopen);
      source.close();
    };
  }, [url, names]);
}
