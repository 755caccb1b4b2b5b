import { backoffDelay } from './backoff';
import { Semaphore } from './semaphore';

describe('backoffDelay', () => {
  const at = (attempt: number, random: number) =>
    backoffDelay(attempt, { baseMs: 100, maxMs: 1000, random: () => random });

  it('doubles the ceiling per attempt and caps it', () => {
    expect(at(1, 1)).toBe(100);
    expect(at(2, 1)).toBe(200);
    expect(at(4, 1)).toBe(800);
    expect(at(10, 1)).toBe(1000);
  });

  it('jitters between half the ceiling and the ceiling', () => {
    expect(at(3, 0)).toBe(200);
    expect(at(3, 0.5)).toBe(300);
  });
});

describe('Semaphore', () => {
  it('lets `limit` holders in and queues the rest in order', async () => {
    const slots = new Semaphore(2);
    const order: number[] = [];
    await slots.acquire();
    await slots.acquire();
    const third = slots.acquire().then(() => order.push(3));
    const fourth = slots.acquire().then(() => order.push(4));
    await Promise.resolve();
    expect(order).toEqual([]);
    slots.release();
    await third;
    expect(order).toEqual([3]);
    expect(slots.inUse).toBe(2);
    slots.release();
    await fourth;
    slots.release();
    slots.release();
    expect(slots.inUse).toBe(0);
  });
});
