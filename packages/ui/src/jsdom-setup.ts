import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/dom';

/**
 * Jest setup for the component tests (`@jest-environment jsdom`): what jsdom lacks and the
 * browser has — TextEncoder (React Router needs it), PointerEvent and pointer capture (Radix
 * Toast's swipe), matchMedia (the media-query hook), and a `fetch` that refuses (a test that
 * talks to the API stubs it). Node-environment tests skip all of it.
 */
if (typeof window !== 'undefined') {
  // findBy*/waitFor give up after 1 s by default: on a 2-core CI machine at load 13 a lazy chunk
  // and a stubbed fetch took longer (WriteReview.test.tsx failed so). A real failure still fails.
  configure({ asyncUtilTimeout: 5000 });
  Object.assign(globalThis, { TextEncoder, TextDecoder });
  globalThis.fetch ??= () => Promise.reject(new Error('no network in component tests'));

  if (!('PointerEvent' in window)) {
    class PointerEvent extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    Object.assign(window, { PointerEvent });
  }
  HTMLElement.prototype.setPointerCapture ??= () => undefined;
  HTMLElement.prototype.releasePointerCapture ??= () => undefined;
  HTMLElement.prototype.hasPointerCapture ??= () => false;

  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
