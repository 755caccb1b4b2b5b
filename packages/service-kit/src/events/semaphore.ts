/** Limits how many handlers run at once; `acquire` waits for a free slot. */
export class Semaphore {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limit: number) {
    if (limit < 1) throw new Error('limit must be at least 1');
  }

  get inUse(): number {
    return this.active;
  }

  acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  release(): void {
    const next = this.queue.shift();
    // Hand the slot straight to the next waiter: the count stays the same.
    if (next) next();
    else this.active -= 1;
  }
}
