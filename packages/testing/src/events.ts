import { randomBytes } from 'node:crypto';
import { connect } from 'nats';

/** An `EVENTS_PREFIX` no other run uses: its streams are `<PREFIX>_IDENTITY` and so on. */
export function uniqueEventsPrefix(): string {
  return `t${randomBytes(5).toString('hex')}`;
}

/** Deletes the streams a run created under its prefix. */
export async function deleteEventStreams(natsUrl: string, prefix: string): Promise<void> {
  if (!prefix) throw new Error('refusing to delete streams without a prefix');
  const nc = await connect({ servers: natsUrl, timeout: 2000 });
  try {
    const jsm = await nc.jetstreamManager();
    for (const stream of await jsm.streams.list().next()) {
      if (stream.config.name.startsWith(`${prefix.toUpperCase()}_`)) {
        await jsm.streams.delete(stream.config.name);
      }
    }
  } finally {
    await nc.close();
  }
}
