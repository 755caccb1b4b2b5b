import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { Knex } from 'knex';

/**
 * One CLIENT span per SQL statement, only inside a sampled (recording) span: in place of the pg
 * instrumentation, which patched every `query` call, built its attributes and bound its callback
 * whether the trace was sampled or not (docs/performance.md, "Tracing overhead"). The text is the
 * parameterised statement: values never reach a span.
 */
let enabled = false;

/** Called by the SDK's start: until then `traceQueries` attaches nothing. */
export function enableSqlSpans(): void {
  enabled = true;
}

const tracer = () => trace.getTracer('@trustcircle/service-kit');

/** A span for `sql` when the active span is sampled, else null (costs one lookup). */
export function startSqlSpan(sql: string): Span | null {
  if (!enabled || !trace.getSpan(context.active())?.isRecording()) return null;
  const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
  return tracer().startSpan(operation, {
    kind: SpanKind.CLIENT,
    attributes: {
      'db.system.name': 'postgresql',
      'db.operation.name': operation,
      'db.query.text': sql,
    },
  });
}

export function endSqlSpan(span: Span | null, error?: unknown): void {
  if (!span) return;
  if (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

type QueryEvent = { __knexQueryUid?: string; sql?: string };

/** Spans for every statement `db` runs (transactions included: knex forwards their events). */
export function traceQueries(db: Knex): void {
  if (!enabled) return;
  const open = new Map<string, Span>();
  db.on('query', (query: QueryEvent) => {
    if (!query.__knexQueryUid || !query.sql) return;
    const span = startSqlSpan(query.sql);
    // A statement that never answers must not keep its span forever.
    if (span && open.size < 10_000) open.set(query.__knexQueryUid, span);
  });
  const end = (query: QueryEvent, error?: unknown) => {
    if (!query?.__knexQueryUid) return;
    endSqlSpan(open.get(query.__knexQueryUid) ?? null, error);
    open.delete(query.__knexQueryUid);
  };
  db.on('query-response', (_response: unknown, query: QueryEvent) => end(query));
  db.on('query-error', (error: unknown, query: QueryEvent) => end(query, error));
}
