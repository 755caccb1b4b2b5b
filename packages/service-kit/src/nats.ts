import { connect, type NatsConnection } from 'nats';
import { withTimeout } from '@trustcircle/http-server';
import type { Logger } from './logger';

/**
 * A NATS connection that never blocks start-up: a service answers requests and keeps its
 * outbox while NATS is away, and this keeps trying to (re)connect in the background.
 */
export class NatsLink {
  private connection: NatsConnection | null = null;
  private stopped = false;
  private readonly waiters: ((nc: NatsConnection) => void)[] = [];
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: { url: string; name: string; logger: Logger }) {}

  start(): void {
    void this.tryConnect();
  }

  get current(): NatsConnection | null {
    return this.connection && !this.connection.isClosed() ? this.connection : null;
  }

  /** Resolves once connected (immediately if already). */
  connected(): Promise<NatsConnection> {
    const nc = this.current;
    if (nc) return Promise.resolve(nc);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async ping(timeoutMs = 1000): Promise<void> {
    const nc = this.current;
    if (!nc) throw new Error('NATS not connected');
    await withTimeout(nc.flush(), timeoutMs, 'NATS did not answer');
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const nc = this.connection;
    this.connection = null;
    if (nc && !nc.isClosed()) {
      await withTimeout(nc.drain(), 5000, 'NATS drain timed out').catch(() => nc.close());
    }
  }

  private async tryConnect(): Promise<void> {
    if (this.stopped) return;
    try {
      const nc = await connect({
        servers: this.options.url,
        name: this.options.name,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
        timeout: 2000,
        pingInterval: 10_000,
        // Every JetStream publish is a request, and with async traces each captured two stacks
        // (an `Error` for its caller, one for its timeout) that only a timeout would show: 2 %
        // of reviews' busy samples under votes (docs/performance.md, twenty-sixth session).
        noAsyncTraces: true,
      });
      if (this.stopped) {
        await nc.close();
        return;
      }
      this.connection = nc;
      this.options.logger.info({ nats: this.options.url }, 'connected to NATS');
      for (const resolve of this.waiters.splice(0)) resolve(nc);
      void this.watch(nc);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'NATS unreachable; retrying');
      this.retryTimer = setTimeout(() => void this.tryConnect(), 1000);
    }
  }

  private async watch(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') {
        this.options.logger.warn({ nats: status.type }, 'NATS connection status changed');
      }
    }
    // The iterator ends when the connection closes; reconnect unless we are shutting down.
    if (!this.stopped && this.connection === nc) {
      this.connection = null;
      this.retryTimer = setTimeout(() => void this.tryConnect(), 1000);
    }
  }
}
