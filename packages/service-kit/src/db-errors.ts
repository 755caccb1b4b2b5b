/**
 * Postgres failures that are not the handler's fault, told apart from bugs: a lost or refused
 * connection is a retryable 503 (the pool reconnects by itself once Postgres is back), and a
 * value Postgres refuses as data is the client's input (400), never a 500.
 */

export const DATABASE_UNAVAILABLE =
  'The service is temporarily unavailable. Please try again in a moment.';
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const INVALID_VALUE = 'Some of the values sent are not valid';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATEs of a server going away or refusing work: 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections, 08xxx connection
 * exceptions, 40001/40P01 (serialization failure, deadlock: retrying succeeds).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '40001', '40P01']);

// pg and knex report a lost connection or an exhausted pool in words only.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Client has encountered a connection error|Connection ended unexpectedly|timeout exceeded when trying to connect|Timeout acquiring a connection|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)/i;

interface MaybePgError {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** Every error in a chain of causes and aggregates (pg's connect failures are AggregateErrors). */
function* causes(error: unknown): Generator<MaybePgError> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const next = queue.shift();
    if (!next || typeof next !== 'object' || seen.has(next)) continue;
    seen.add(next);
    const candidate = next as MaybePgError;
    yield candidate;
    queue.push(candidate.cause);
    if (Array.isArray(candidate.errors)) queue.push(...(candidate.errors as unknown[]));
  }
}

/** Postgres could not be reached, or dropped the connection: retry later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const candidate of causes(error)) {
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08')) {
      return true;
    }
    if (candidate.name === 'KnexTimeoutError') return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.test(candidate.message)) {
      return true;
    }
  }
  return false;
}

/**
 * Postgres refused a value as data (class 22: invalid text, out of range, NUL byte; 54000: an
 * index entry too large). Input canonicalisation and the zod schemas should catch these first;
 * this is the net under them, so input never becomes a 5xx.
 */
export function isInvalidValue(error: unknown): boolean {
  const code = (error as MaybePgError | null)?.code;
  return typeof code === 'string' && /^(22[0-9A-Z]{3}|54000)$/.test(code);
}
