import { Writable } from 'node:stream';
import pino from 'pino';
import { Registry } from 'prom-client';
import { securityEvents } from './security-events';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ base: { service: 'test' } }, stream) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('securityEvents', () => {
  it('logs one structured line per event and counts it by name', async () => {
    const { lines, logger } = capture();
    const registry = new Registry();
    const events = securityEvents(logger, registry);
    events.record('signin.failed', { userId: 7, ip: '203.0.113.9' });
    events.record('signin.failed', { userId: null, ip: '203.0.113.9' });
    events.record('sessions.revoked_others', { userId: 7, details: { sessionsEnded: 2 } });
    await settle();

    expect(lines).toEqual([
      expect.objectContaining({
        security: true,
        event: 'signin.failed',
        userId: 7,
        ip: '203.0.113.9',
        level: 40,
        msg: 'signin.failed',
      }),
      expect.objectContaining({ event: 'signin.failed', userId: null, level: 40 }),
      expect.objectContaining({
        event: 'sessions.revoked_others',
        userId: 7,
        ip: null,
        sessionsEnded: 2,
        level: 30,
      }),
    ]);
    const metrics = await registry.getSingleMetricAsString('trustcircle_security_events_total');
    expect(metrics).toContain('trustcircle_security_events_total{event="signin.failed"} 2');
    expect(metrics).toContain(
      'trustcircle_security_events_total{event="sessions.revoked_others"} 1',
    );
  });

  it('shares one counter between helpers on the same registry', async () => {
    const registry = new Registry();
    const { logger } = capture();
    securityEvents(logger, registry).record('account.deleted', { userId: 1 });
    securityEvents(logger, registry).record('account.deleted', { userId: 2 });
    const metrics = await registry.getSingleMetricAsString('trustcircle_security_events_total');
    expect(metrics).toContain('{event="account.deleted"} 2');
  });

  it('never writes a field that is not a user id, an address or a number', async () => {
    const { lines, logger } = capture();
    const events = securityEvents(logger, new Registry());
    // A caller that tries to slip a secret in is stopped by the types; at run time only the
    // known fields and the numeric details are written.
    const sneaky = {
      userId: 3,
      token: 'secret-token',
      details: { ended: 1, cookie: 'secret-token' },
    } as never;
    events.record('password.reset', sneaky);
    await settle();
    expect(JSON.stringify(lines)).not.toContain('secret-token');
    expect(lines[0]).toMatchObject({ event: 'password.reset', userId: 3, ended: 1 });
  });
});
