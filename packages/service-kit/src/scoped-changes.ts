import { LRUCache } from 'lru-cache';

/**
 * The parts of a service changed lately (`business:42`), as heard in scoped change notices
 * (change-notices.ts), numbered in the order heard: a load marks where the count stood when it
 * began, and its value is current while its part has not changed since. Only the latest
 * `remembered` parts are held; a part forgotten counts as changed at the latest change
 * forgotten, so forgetting only ever ends more, never keeps a changed value.
 */
export class ScopedChanges {
  private count = 0;
  private forgotten = 0;
  private readonly last: LRUCache<string, number>;

  constructor(remembered = 10_000) {
    this.last = new LRUCache<string, number>({
      max: remembered,
      dispose: (changedAt, _scope, reason) => {
        if (reason === 'evict') this.forgotten = Math.max(this.forgotten, changedAt);
      },
    });
  }

  /** A committed write to `scope`. */
  changed(scope: string): void {
    this.count += 1;
    this.last.set(scope, this.count);
  }

  /** Where the count stands: the mark of a load that begins. */
  get mark(): number {
    return this.count;
  }

  /** Whether `scope` changed after `mark` was taken. */
  changedSince(scope: string, mark: number): boolean {
    return (this.last.peek(scope) ?? this.forgotten) > mark;
  }
}
