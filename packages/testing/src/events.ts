import { randomBytes } from 'node:crypto';
import { deleteEventStreams as deleteStreamsOf } from '@trustcircle/service-kit';
import { connect } from 'nats';

/** An `EVENTS_PREFIX` no other run uses: its streams are `<PREFIX>_IDENTITY` and so on. */
export function uniqueEventsPrefix(): string {
  return `t${randomBytes(5).toString('hex')}`;
}

/** Deletes the streams a run created under its prefix. */
export async function deleteEventStreams(natsUrl: string, prefix: string): Promise<void> {
  const nc = await connect({ servers: natsUrl, timeout: 2000 });
  try {
    await deleteStreamsOf(nc, prefix);
  } finally {
    await nc.close();
  }
}
