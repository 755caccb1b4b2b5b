import pino, { type Logger } from 'pino';
import { activeTraceIds } from './tracing/context';

export type { Logger };

/**
 * Structured JSON logs; secrets that may travel in headers are redacted. A line written while a
 * span is active carries its `trace_id` and `span_id`, so logs and traces find each other.
 */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    mixin: activeTraceIds,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.passwordHash',
      ],
      censor: '[redacted]',
    },
  });
}
