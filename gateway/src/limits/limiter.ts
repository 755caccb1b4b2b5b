import { HttpError } from '@trustcircle/service-kit';
import type { CounterState, CountersStore } from '../store/counters-store';

/** One counter a request spends on. */
export interface Budget {
  key: string;
  limit: number;
  windowSeconds: number;
  /** Defaults to 1 (one request). */
  points?: number;
  /** What the 429 says before "Try again in …". */
  message: string;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** "Try again in …" wording: seconds, minutes or hours, rounded up. */
export function waitText(seconds: number): string {
  if (seconds < 90) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 90 * 60) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

export function tooMany(message: string, retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, `${message} Try again in ${waitText(seconds)}.`, undefined, {
    'Retry-After': String(seconds),
  });
}

/** The exhausted budget that frees up last, or null when every budget still has room. */
function blocking(budgets: Budget[], states: Map<string, CounterState>) {
  let worst: { budget: Budget; state: CounterState } | null = null;
  for (const budget of budgets) {
    const state = states.get(budget.key);
    if (!state || state.points <= budget.limit) continue;
    if (!worst || state.retryAfterSeconds > worst.state.retryAfterSeconds)
      worst = { budget, state };
  }
  return worst;
}

/** Limits on the shared counters (`gateway.rate_limits`): the same for every replica. */
export class Limiter {
  constructor(private readonly counters: CountersStore) {}

  /** Spends on every budget in one round trip; a 429 when any is now over its limit. */
  async spend(budgets: Budget[]): Promise<void> {
    const states = await this.counters.hit(
      budgets.map((b) => ({ key: b.key, points: b.points ?? 1, windowSeconds: b.windowSeconds })),
    );
    const worst = blocking(budgets, states);
    if (worst) throw tooMany(worst.budget.message, worst.state.retryAfterSeconds);
  }

  /** A 429 when the budget is already used up, without spending on it. */
  async check(budget: Budget): Promise<void> {
    const state = await this.counters.peek(budget.key);
    if (state && state.points >= budget.limit) {
      throw tooMany(budget.message, state.retryAfterSeconds);
    }
  }

  async clear(key: string): Promise<void> {
    await this.counters.clear(key);
  }
}
