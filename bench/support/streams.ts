import { deleteEventStreams } from '@trustcircle/service-kit';
import { connect } from 'nats';
import { NATS_URL } from './env.ts';

/** Deletes the JetStream streams a run created under its `EVENTS_PREFIX`. */
export async function deleteRunStreams(prefix: string): Promise<void> {
  const nc = await connect({ servers: NATS_URL, timeout: 2000 });
  try {
    await deleteEventStreams(nc, prefix);
  } finally {
    await nc.close();
  }
}
