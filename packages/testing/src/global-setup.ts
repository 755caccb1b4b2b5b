import { connect } from 'nats';
import { Client } from 'pg';
import { TEST_ADMIN_URL, TEST_NATS_URL } from './env';

/** Fail the run at once, with one sentence, when Postgres or NATS is not there. */
export default async function globalSetup(): Promise<void> {
  const client = new Client({ connectionString: TEST_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(
      `Tests need PostgreSQL at ${TEST_ADMIN_URL} (set TEST_DATABASE_ADMIN_URL): ${(error as Error).message}`,
      { cause: error },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  try {
    const nc = await connect({ servers: TEST_NATS_URL, timeout: 3000 });
    await nc.close();
  } catch (error) {
    throw new Error(
      `Tests need NATS with JetStream at ${TEST_NATS_URL} (set TEST_NATS_URL): ${(error as Error).message}`,
      { cause: error },
    );
  }
}
