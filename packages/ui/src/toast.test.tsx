/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from './api';
import { useFailureToast, useToast } from './context';
import { SWIPE_THRESHOLD_PX, TOAST_DURATION_MS, ToastProvider } from './toast';

/** A button per toast, so the test raises them as a page would. */
function Raise({ title, description }: { title: string; description?: string }) {
  const notify = useToast();
  return (
    <button type="button" onClick={() => notify({ title, description })}>
      raise {title}
    </button>
  );
}

/** A failed action, as a mutation's `onError` reports it. */
function Fail({ error }: { error: unknown }) {
  const failed = useFailureToast();
  return (
    <button type="button" onClick={() => failed('Could not save')(error)}>
      fail
    </button>
  );
}

function renderToasts() {
  return render(
    <ToastProvider>
      <Raise title="First" description="one" />
      <Raise title="Second" />
      <Raise title="Login failed" description="401: Invalid username or password" />
    </ToastProvider>,
  );
}

const toasts = () => screen.queryAllByTestId('toast');

/** Lets the region's chunk (a dynamic import: promises only, no timers) load and render. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
}

async function click(text: string) {
  fireEvent.click(screen.getByText(text));
  await settle();
}

/** A pointer gesture on the toast: down at 0, move to `dx`, up (Radix reads clientX/Y). */
function swipe(element: HTMLElement, dx: number) {
  const base = { pointerType: 'touch', pointerId: 1, button: 0, isPrimary: true };
  fireEvent.pointerDown(element, { ...base, clientX: 100, clientY: 100 });
  fireEvent.pointerMove(element, { ...base, clientX: 100 + dx / 2, clientY: 100 });
  fireEvent.pointerMove(element, { ...base, clientX: 100 + dx, clientY: 100 });
  fireEvent.pointerUp(element, { ...base, clientX: 100 + dx, clientY: 100 });
}

describe('ToastProvider (spec §4)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows a toast with its title and description in the region labelled "Notification"', async () => {
    renderToasts();
    await click('raise First');
    const region = screen.getByRole('region', { name: 'Notification' });
    expect(region.textContent).toContain('First');
    expect(region.textContent).toContain('one');
  });

  it('loads no region before the first toast: a page that never shows one never pays for it', async () => {
    renderToasts();
    expect(screen.queryByRole('region', { name: 'Notification' })).toBeNull();
    await click('raise First');
    expect(screen.getByRole('region', { name: 'Notification' })).toBeTruthy();
  });

  it('shows one toast at a time: a new one replaces the one showing', async () => {
    renderToasts();
    await click('raise First');
    await click('raise Second');
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]!.textContent).toContain('Second');
  });

  it(`closes after ${TOAST_DURATION_MS} ms, not before`, async () => {
    renderToasts();
    await click('raise First');
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(toasts()).toHaveLength(1);
    act(() => jest.advanceTimersByTime(200));
    expect(toasts()).toHaveLength(0);
  });

  it(`is dismissed by a swipe right past ${SWIPE_THRESHOLD_PX} px, and stays after a shorter one`, async () => {
    renderToasts();
    await click('raise First');
    swipe(toasts()[0]!, SWIPE_THRESHOLD_PX - 20);
    expect(toasts()).toHaveLength(1);
    swipe(toasts()[0]!, SWIPE_THRESHOLD_PX + 20);
    act(() => jest.advanceTimersByTime(0));
    expect(toasts()).toHaveLength(0);
  });

  it('does not close on a swipe to the left', async () => {
    renderToasts();
    await click('raise First');
    swipe(toasts()[0]!, -(SWIPE_THRESHOLD_PX + 40));
    expect(toasts()).toHaveLength(1);
  });

  it('closes on its dismiss button', async () => {
    renderToasts();
    await click('raise First');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    act(() => jest.advanceTimersByTime(0));
    expect(toasts()).toHaveLength(0);
  });

  it("shows the server's message without the status code the error carries", async () => {
    renderToasts();
    await click('raise Login failed');
    expect(toasts()[0]!.textContent).toContain('Invalid username or password');
    expect(toasts()[0]!.textContent).not.toContain('401');
  });

  it('moves the focus to the notifications on F8', async () => {
    renderToasts();
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    await settle();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Notification');
  });

  it("useFailureToast: the title and the server's words, marked as a failure", async () => {
    render(
      <ToastProvider>
        <Fail error={new ApiError(409, '409: That name is taken')} />
      </ToastProvider>,
    );
    await click('fail');
    const toast = toasts()[0]!;
    expect(toast.textContent).toContain('Could not save');
    expect(toast.textContent).toContain('That name is taken');
    expect(toast.textContent).not.toContain('409');
    expect(toast.className).toContain('tc-toast-destructive');
  });
});
