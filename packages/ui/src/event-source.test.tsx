/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, expect, it, jest } from '@jest/globals';
import { renderHook } from '@testing-library/react';
import { EVENT_SOURCE_REOPEN_MS, useEventSource } from './hooks';

/** The streams the hook opened, each able to fail as a browser's does. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  readonly listeners = new Map<string, Array<(event: Event) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: Event) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(name: string) {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name));
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  Object.assign(globalThis, { EventSource: FakeEventSource });
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  Reflect.deleteProperty(globalThis, 'EventSource');
});

it('opens one stream, passes its events on, and closes it on unmount', () => {
  const seen: string[] = [];
  const { rerender, unmount } = renderHook(() =>
    useEventSource('/stream', { events: { notification: () => seen.push('n') } }),
  );
  rerender();
  expect(FakeEventSource.opened).toHaveLength(1);
  FakeEventSource.opened[0]!.emit('notification');
  expect(seen).toEqual(['n']);
  unmount();
  expect(FakeEventSource.opened[0]!.readyState).toBe(FakeEventSource.CLOSED);
});

it('leaves reconnecting to the browser, and reopens only a stream it gave up on', () => {
  const opens: number[] = [];
  renderHook(() => useEventSource('/stream', { events: {}, onOpen: () => opens.push(Date.now()) }));
  const first = FakeEventSource.opened[0]!;
  first.emit('error'); // a drop: the browser retries by itself
  jest.advanceTimersByTime(EVENT_SOURCE_REOPEN_MS);
  expect(FakeEventSource.opened).toHaveLength(1);

  first.readyState = FakeEventSource.CLOSED; // refused (a 503): the browser gave up
  first.emit('error');
  jest.advanceTimersByTime(EVENT_SOURCE_REOPEN_MS - 1);
  expect(FakeEventSource.opened).toHaveLength(1);
  jest.advanceTimersByTime(1);
  expect(FakeEventSource.opened).toHaveLength(2);
  FakeEventSource.opened[1]!.emit('open');
  expect(opens).toHaveLength(1);
});
