import { Counter, type Registry } from 'prom-client';
import type { Logger } from './logger';

/**
 * Security events (issue 19; docs/security.md, "Security events"): one name per kind, so
 * alerts and dashboards can count them without parsing messages.
 */
export const SECURITY_EVENTS = [
  'signin.succeeded',
  'signin.failed',
  /** A sign-in refused by a budget (429): a guesser or a forgetful owner is being slowed. */
  'signin.limited',
  'password.change_failed',
  'password.changed',
  'password.reset_requested',
  'password.reset',
  'email.confirmed',
  'email.change_requested',
  'email.change_failed',
  'email.changed',
  'session.revoked',
  'sessions.revoked_others',
  'account.delete_failed',
  'account.deleted',
] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

/**
 * What a security line may carry besides the event name. Extra details are numbers and
 * booleans only: no field can hold a password, token, cookie or address by mistake.
 */
export interface SecurityEventFields {
  userId?: number | null;
  /** The client address as the gateway resolved it (trusted proxies only). */
  ip?: string | null;
  details?: Record<string, number | boolean>;
}

export interface SecurityEvents {
  record(event: SecurityEvent, fields?: SecurityEventFields): void;
}

const COUNTER_NAME = 'trustcircle_security_events_total';

function counterIn(registry: Registry): Counter<'event'> {
  // One counter per registry, however many routers record into it.
  const existing = registry.getSingleMetric(COUNTER_NAME);
  if (existing) return existing as Counter<'event'>;
  return new Counter({
    name: COUNTER_NAME,
    help: 'Security events (sign-ins, password and e-mail changes, resets, revocations, deletions)',
    labelNames: ['event'] as const,
    registers: [registry],
  });
}

const WARNINGS = new Set<SecurityEvent>([
  'signin.failed',
  'signin.limited',
  'password.change_failed',
  'email.change_failed',
  'account.delete_failed',
]);

/** Logs each event as one structured line (`security: true`) and counts it by name. */
export function securityEvents(logger: Logger, registry: Registry): SecurityEvents {
  const counter = counterIn(registry);
  const log = logger.child({ security: true });
  return {
    record(event, fields = {}) {
      counter.inc({ event });
      const line: Record<string, unknown> = {
        event,
        userId: fields.userId ?? null,
        ip: fields.ip ?? null,
      };
      for (const [key, value] of Object.entries(fields.details ?? {})) {
        if (typeof value === 'number' || typeof value === 'boolean') line[key] = value;
      }
      if (WARNINGS.has(event)) log.warn(line, event);
      else log.info(line, event);
    },
  };
}
