/**
 * The operator's role command (docs/operations.md "Roles"). Connects as the database admin:
 *   DATABASE_ADMIN_URL + DATABASE_NAME (as the provisioning Job), or
 *   DATABASE_URL (default: the database `npm start` uses).
 */
import { createDb, urlWithDatabase } from '@trustcircle/service-kit';
import { RoleChangeError } from '../domain/roles';
import { applyGrant, describeOutcome, parseGrantArgs } from './grant';

function adminUrl(env: NodeJS.ProcessEnv): string {
  if (env.DATABASE_ADMIN_URL) {
    return urlWithDatabase(env.DATABASE_ADMIN_URL, env.DATABASE_NAME ?? 'trustcircle');
  }
  return env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/trustcircle';
}

async function main(): Promise<void> {
  const command = parseGrantArgs(process.argv.slice(2));
  const url = adminUrl(process.env);
  const identity = createDb({ url, schema: 'identity', poolMax: 1 });
  const gateway = createDb({ url, schema: 'gateway', poolMax: 1 });
  try {
    const outcome = await applyGrant({ identity, gateway }, command);
    process.stdout.write(`grant: ${describeOutcome(command, outcome)}\n`);
  } finally {
    await identity.destroy();
    await gateway.destroy();
  }
}

function explain(error: unknown): string {
  if (error instanceof RoleChangeError) return error.message;
  // 42P01: undefined table, i.e. not a database TrustCircle has migrated.
  if ((error as { code?: string }).code === '42P01') {
    return 'no TrustCircle tables in this database: check DATABASE_URL (or DATABASE_ADMIN_URL and DATABASE_NAME)';
  }
  return (error as Error).message;
}

main().catch((error: unknown) => {
  process.stderr.write(`grant: ${explain(error)}\n`);
  process.exit(1);
});
