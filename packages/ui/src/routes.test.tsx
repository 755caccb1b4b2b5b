/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { lazyPage, usePageLoaded, type LazyPage } from './routes';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>unavailable</p> : this.props.children;
  }
}

const show = (node: ReactNode) => (
  <Boundary>
    <Suspense fallback={<p>loading</p>}>{node}</Suspense>
  </Boundary>
);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Greeting = ({ name }: { name: string }) => <h1>Hello {name}</h1>;

describe('lazyPage', () => {
  it('loads the page’s module once, whether preloaded or rendered, and renders it with its props', async () => {
    let loads = 0;
    const chunk = deferred<{ Greeting: typeof Greeting }>();
    const { Page, preload } = lazyPage(() => {
      loads += 1;
      return chunk.promise;
    }, 'Greeting');
    void preload();
    render(show(<Page name="Ada" />));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => chunk.resolve({ Greeting }));
    // React reveals content that replaces a fallback on its own (throttled) timer.
    expect((await screen.findByRole('heading')).textContent).toBe('Hello Ada');
    expect(loads).toBe(1);
  });

  it('fails the page into its boundary when the chunk cannot load', async () => {
    const { Page, preload } = lazyPage(
      () => Promise.reject<{ Greeting: typeof Greeting }>(new Error('Loading chunk 5 failed')),
      'Greeting',
    );
    await expect(preload()).rejects.toThrow('Loading chunk 5 failed');
    render(show(<Page name="Lin" />));
    expect(await screen.findByText('unavailable')).toBeTruthy();
  });
});

describe('a preloaded page', () => {
  it('renders at once, without its boundary’s fallback (which React would hold for 300 ms)', async () => {
    const { Page, preload, isLoaded } = lazyPage(() => Promise.resolve({ Greeting }), 'Greeting');
    expect(isLoaded()).toBe(false);
    await preload();
    expect(isLoaded()).toBe(true);
    const fallbacks: string[] = [];
    const Fallback = () => {
      fallbacks.push('shown');
      return <p>loading</p>;
    };
    render(
      <Suspense fallback={<Fallback />}>
        <Page name="Grace" />
      </Suspense>,
    );
    // Synchronously there: no act, no waiting.
    expect(screen.getByRole('heading').textContent).toBe('Hello Grace');
    expect(fallbacks).toEqual([]);
  });

  it('keeps a page mounted through the lazy wrapper there when it re-renders after loading', async () => {
    const chunk = deferred<{ Greeting: typeof Greeting }>();
    const { Page } = lazyPage(() => chunk.promise, 'Greeting');
    const view = render(show(<Page name="Ada" />));
    await act(async () => chunk.resolve({ Greeting }));
    const heading = await screen.findByRole('heading');
    view.rerender(show(<Page name="Ada L." />));
    expect(screen.getByRole('heading')).toBe(heading);
    expect(heading.textContent).toBe('Hello Ada L.');
  });
});

describe('usePageLoaded', () => {
  function Probe({
    page,
    wanted,
  }: {
    page: Pick<LazyPage<unknown>, 'preload' | 'isLoaded'>;
    wanted: boolean;
  }) {
    return <p>{usePageLoaded(page, wanted) ? 'in' : 'waiting'}</p>;
  }

  it('loads the page only when wanted, and answers once its module is in', async () => {
    let loads = 0;
    const chunk = deferred<{ Greeting: typeof Greeting }>();
    const page = lazyPage(() => {
      loads += 1;
      return chunk.promise;
    }, 'Greeting');
    const view = render(<Probe page={page} wanted={false} />);
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(loads).toBe(0);
    view.rerender(<Probe page={page} wanted />);
    expect(loads).toBe(1);
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => chunk.resolve({ Greeting }));
    expect(screen.getByText('in')).toBeTruthy();
  });

  it('answers true after a failed load, so the page renders and fails into its boundary', async () => {
    const page = lazyPage(
      () => Promise.reject<{ Greeting: typeof Greeting }>(new Error('Loading chunk 9 failed')),
      'Greeting',
    );
    render(<Probe page={page} wanted />);
    expect(await screen.findByText('in')).toBeTruthy();
  });
});

describe('lazyPage after a failed preload', () => {
  it('tries the chunk again when the page first renders', async () => {
    let calls = 0;
    const { Page, preload } = lazyPage(() => {
      calls += 1;
      return calls === 1
        ? Promise.reject<{ Greeting: typeof Greeting }>(new Error('Loading chunk 5 failed'))
        : Promise.resolve({ Greeting });
    }, 'Greeting');
    await expect(preload()).rejects.toThrow('Loading chunk 5 failed');
    render(show(<Page name="Ada" />));
    expect((await screen.findByRole('heading')).textContent).toBe('Hello Ada');
    expect(calls).toBe(2);
  });
});
