/**
 * One-shot database set-up for a deployment (docker compose `provision` step, k8s Job, the
 * `npm start` launcher): creates the database and one login role per service owning only its
 * schema. Idempotent.
 *
 *   DATABASE_ADMIN_URL  admin connection (any database on the server)
 *   DATABASE_NAME       database to create (default trustcircle)
 *   TC_SERVICES         comma-separated service names (schemas), e.g. gateway,identity
 *   <SERVICE>_DB_PASSWORD  password of role tc_<service> (required when NODE_ENV=production)
 *   DATABASE_ROLE_PREFIX   role name prefix (default tc_), so two installs can share a server
 */
import { ensureDatabase, provisionServiceRole, urlWithDatabase } from './provision';

/** Extensions a service needs, created by the admin inside that service's schema. */
export const SERVICE_EXTENSIONS: Record<string, string[]> = {
  // An extension lives in one schema per database: the other services' search needs none
  // (service-kit search-words.ts).
  catalog: ['pg_trgm', 'unaccent'],
};

export const serviceRoleName = (service: string, prefix = 'tc_') => `${prefix}${service}`;

export async function provisionAll(env: Record<string, string | undefined>): Promise<string[]> {
  const adminUrl = env.DATABASE_ADMIN_URL;
  if (!adminUrl) throw new Error('DATABASE_ADMIN_URL is required');
  const database = env.DATABASE_NAME ?? 'trustcircle';
  const services = (env.TC_SERVICES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (services.length === 0) throw new Error('TC_SERVICES names no service');
  await ensureDatabase(adminUrl, database);
  const databaseUrl = urlWithDatabase(adminUrl, database);
  for (const service of services) {
    const variable = `${service.toUpperCase()}_DB_PASSWORD`;
    const password = env[variable];
    if (!password && env.NODE_ENV === 'production') throw new Error(`${variable} is required`);
    await provisionServiceRole(databaseUrl, {
      role: serviceRoleName(service, env.DATABASE_ROLE_PREFIX),
      password: password ?? service,
      schema: service,
      extensions: SERVICE_EXTENSIONS[service],
    });
  }
  return services;
}

if (require.main === module) {
  provisionAll(process.env).then(
    (services) => {
      process.stdout.write(`provisioned ${services.join(', ')}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`provision: ${(error as Error).message}\n`);
      process.exit(1);
    },
  );
}
