import { randomBytes } from 'node:crypto';
import type { EventPayload, EventSubject } from '@trustcircle/contracts';
import {
  buildEnvelope,
  ensureStream,
  eventNaming,
  streamConfig,
  type EventNaming,
} from '@trustcircle/service-kit';
import { connect, type NatsConnection } from 'nats';

/**
 * Publishes events as other services' relays would (same envelope, same subjects under a
 * per-run prefix), and deletes the run's streams afterwards.
 */
export class TestEventBus {
  private constructor(
    readonly prefix: string,
    private readonly nc: NatsConnection,
    private readonly naming: EventNaming,
  ) {}

  static async connect(url: string): Promise<TestEventBus> {
    const prefix = `t${randomBytes(5).toString('hex')}`;
    return new TestEventBus(prefix, await connect({ servers: url }), eventNaming(prefix));
  }

  private readonly ensured = new Set<string>();

  async publish<S extends EventSubject>(subject: S, data: EventPayload<S>): Promise<string> {
    const producer = subject.slice(0, subject.indexOf('.'));
    if (!this.ensured.has(producer)) {
      await ensureStream(await this.nc.jetstreamManager(), streamConfig(this.naming, producer));
      this.ensured.add(producer);
    }
    const envelope = buildEnvelope(subject, data);
    await this.nc.jetstream().publish(this.naming.wireSubject(subject), JSON.stringify(envelope), {
      msgID: envelope.id,
    });
    return envelope.id;
  }

  async close(): Promise<void> {
    const jsm = await this.nc.jetstreamManager();
    for (const producer of ['reviews', 'identity', 'communities', 'catalog']) {
      await jsm.streams.delete(this.naming.streamName(producer)).catch(() => undefined);
    }
    await this.nc.close();
  }
}
