import { atMostEvery } from './at-most-every';

describe('atMostEvery', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs the first call at once, and the calls within the interval once, at its end', () => {
    const run = jest.fn();
    const call = atMostEvery(run, 1000);
    call();
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(100);
    call();
    call();
    jest.advanceTimersByTime(899);
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    // The deferred run counts as the last: a call right after it waits again.
    call();
    expect(run).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(3);
    // A call long after the last run runs at once.
    jest.advanceTimersByTime(5000);
    call();
    expect(run).toHaveBeenCalledTimes(4);
  });
});
