import type { Knex } from './db';

/**
 * Runs `fn` once the transaction `trx` belongs to has committed (the outermost one: a
 * savepoint's release commits nothing), and never if it rolls back. For work that only makes
 * sense once others can read the rows, such as waking this process's listeners early instead
 * of waiting for the outbox relay's round trip. `fn` runs after the caller's `transaction()`
 * settles; its errors go to `onError`, never to the committed caller.
 */
export function afterCommit(
  trx: Knex.Transaction,
  fn: () => void | Promise<void>,
  onError: (err: unknown) => void = () => undefined,
): void {
  let root = trx;
  while (root.parentTransaction) root = root.parentTransaction;
  root.executionPromise.then(
    async () => {
      try {
        await fn();
      } catch (err) {
        onError(err);
      }
    },
    () => undefined,
  );
}
