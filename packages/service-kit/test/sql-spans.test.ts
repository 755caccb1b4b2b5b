import { context, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  AlwaysOnSampler,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { createTestDatabase, type TestDatabase } from '@trustcircle/testing';
import { createDb, preparedRows, type Knex } from '../src';
import { enableSqlSpans } from '../src/tracing/sql-span';

/** SQL spans (tracing/sql-span.ts): one per statement of a sampled span, none otherwise. */
describe('SQL spans', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({
    sampler: new AlwaysOnSampler(),
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  });
  let database: TestDatabase;
  let db: Knex;
  const tracer = () => trace.getTracer('test');

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(provider);
    enableSqlSpans();
    database = await createTestDatabase();
    db = createDb({ url: await database.provision('sqlspans'), schema: 'sqlspans', poolMax: 2 });
    await db.schema.createTable('notes', (t) => {
      t.increments('id');
      t.text('body');
    });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  beforeEach(() => exporter.reset());

  // Export is asynchronous even with the simple processor: flushed before the spans are read.
  const inRequest = async <T>(work: () => Promise<T>) => {
    await tracer().startActiveSpan('request', async (span) => {
      try {
        return await work();
      } finally {
        span.end();
      }
    });
    await provider.forceFlush();
  };
  const sqlSpans = () => exporter.getFinishedSpans().filter((s) => s.name !== 'request');

  it('gives each statement of a sampled request a child span with its text, not its values', async () => {
    await inRequest(async () => {
      await db('notes').insert({ body: 'secret value' });
      await db.transaction((trx) => trx('notes').where({ id: 1 }).update({ body: 'other' }));
      await preparedRows(db, db('notes').select('id').where('body', 'other'));
    });
    const request = exporter.getFinishedSpans().find((s) => s.name === 'request')!;
    const spans = sqlSpans();
    expect(spans.map((s) => s.name)).toEqual(['INSERT', 'UPDATE', 'SELECT']);
    for (const span of spans) {
      expect(span.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
      expect(span.attributes['db.system.name']).toBe('postgresql');
      expect(JSON.stringify(span.attributes)).not.toContain('secret value');
    }
    expect(spans[0]!.attributes['db.query.text']).toMatch(/^insert into "notes"/);
  });

  it('marks a failed statement as an error', async () => {
    await inRequest(() => db.raw('select * from no_such_table').catch(() => undefined));
    expect(sqlSpans()).toHaveLength(1);
    expect(sqlSpans()[0]!.status.code).toBe(2);
  });

  it('makes none outside a span, or inside one that is not sampled', async () => {
    await db('notes').select('id');
    const unsampled = trace.wrapSpanContext({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.NONE,
    });
    await context.with(trace.setSpan(ROOT_CONTEXT, unsampled), () => db('notes').select('id'));
    await provider.forceFlush();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
