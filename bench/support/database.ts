/**
 * A throwaway database with one role and schema per service (as in production: each service
 * can use only its own schema), dropped again with its roles by `drop()`.
 */
import { randomBytes } from 'node:crypto';
import {
  dropDatabase,
  dropRoles,
  ensureDatabase,
  provisionServiceRole,
  SERVICE_EXTENSIONS,
  urlWithCredentials,
  urlWithDatabase,
} from '@trustcircle/service-kit';
import { ADMIN_URL } from './env.ts';

export interface BenchDatabase {
  name: string;
  /** Admin connection to this database (for seeding and probes). */
  adminUrl: string;
  /** The URL a service connects with, as its own role. */
  urlOf(service: string): string;
  drop(): Promise<void>;
}

/** `services` are schema names; extensions default to production's (catalog: pg_trgm). */
export async function createBenchDatabase(
  name: string,
  services: readonly string[],
  extensions: Record<string, string[]> = SERVICE_EXTENSIONS,
): Promise<BenchDatabase> {
  await ensureDatabase(ADMIN_URL, name);
  const adminUrl = urlWithDatabase(ADMIN_URL, name);
  const roles: string[] = [];
  const urls = new Map<string, string>();
  const drop = async () => {
    await dropDatabase(ADMIN_URL, name);
    await dropRoles(ADMIN_URL, roles);
  };
  try {
    for (const service of services) {
      const role = `${name}_${service}`;
      const password = randomBytes(12).toString('hex');
      roles.push(role);
      await provisionServiceRole(adminUrl, {
        role,
        password,
        schema: service,
        extensions: extensions[service],
      });
      urls.set(service, urlWithCredentials(adminUrl, role, password));
    }
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  }
  return {
    name,
    adminUrl,
    urlOf(service) {
      const url = urls.get(service);
      if (!url) throw new Error(`no role for ${service}`);
      return url;
    },
    drop,
  };
}
