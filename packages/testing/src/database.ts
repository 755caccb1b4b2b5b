import { randomBytes } from 'node:crypto';
import {
  dropDatabase,
  dropRoles,
  ensureDatabase,
  provisionServiceRole,
  urlWithCredentials,
  urlWithDatabase,
} from '@trustcircle/service-kit';
import { TEST_ADMIN_URL } from './env';

export interface TestDatabase {
  name: string;
  /** Admin connection to this database. */
  adminUrl: string;
  /** Creates the service's role and schema; answers the URL the service connects with. */
  provision(service: string, extensions?: string[]): Promise<string>;
  roleOf(service: string): string;
  drop(): Promise<void>;
}

/** A uniquely named database (and per-database roles), dropped afterwards: no leftovers. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `tc_test_${randomBytes(5).toString('hex')}`;
  await ensureDatabase(TEST_ADMIN_URL, name);
  const adminUrl = urlWithDatabase(TEST_ADMIN_URL, name);
  const roles: string[] = [];
  const roleOf = (service: string) => `${name}_${service}`;
  return {
    name,
    adminUrl,
    roleOf,
    async provision(service, extensions) {
      const role = roleOf(service);
      const password = randomBytes(12).toString('hex');
      await provisionServiceRole(adminUrl, { role, password, schema: service, extensions });
      roles.push(role);
      return urlWithCredentials(adminUrl, role, password);
    },
    async drop() {
      await dropDatabase(TEST_ADMIN_URL, name);
      await dropRoles(TEST_ADMIN_URL, roles);
    },
  };
}
