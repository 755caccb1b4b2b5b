/**
 * The services' own migrations, run the way each service runs them at start (service-kit's
 * `migrate`, as the service's role in its schema), from their builds: the scale data goes into
 * the tables exactly as the services create them, and a service started on the database later
 * finds nothing left to migrate.
 */
import { createDb, migrate, type Migration } from '@trustcircle/service-kit';
import { migrations as catalog } from '../../../services/catalog/dist/migrations/index.js';
import { migrations as communities } from '../../../services/communities/dist/migrations/index.js';
import { migrations as identity } from '../../../services/identity/dist/migrations/index.js';
import { migrations as reviews } from '../../../services/reviews/dist/migrations/index.js';
import { migrations as social } from '../../../services/social/dist/migrations/index.js';
import type { BenchDatabase } from '../database.ts';

export const SCALE_SERVICES = ['identity', 'communities', 'catalog', 'reviews', 'social'] as const;

const MIGRATIONS: Record<(typeof SCALE_SERVICES)[number], Migration[]> = {
  identity,
  communities,
  catalog,
  reviews,
  social,
};

export async function migrateServices(database: BenchDatabase): Promise<void> {
  for (const service of SCALE_SERVICES) {
    const db = createDb({ url: database.urlOf(service), schema: service, poolMax: 2 });
    try {
      await migrate(db, service, MIGRATIONS[service]);
    } finally {
      await db.destroy();
    }
  }
}
