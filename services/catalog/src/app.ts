import {
  createServiceApp,
  createOutboxRelay,
  internalExportRoutes,
  type ServiceContext,
  type ServiceParts,
} from '@trustcircle/service-kit';
import type { CatalogConfig } from './config';
import { createBusinesses } from './domain/businesses';
import { createOwners } from './domain/owners';
import { createProjectionsConsumer } from './events/projections-consumer';
import { businessRoutes, categoryRoutes } from './routes/businesses';
import { claimModerationRoutes, ownerRoutes } from './routes/owners';
import { ownersStore } from './store/owners-store';

export function createCatalogApp(ctx: ServiceContext<CatalogConfig>): ServiceParts {
  const businesses = createBusinesses({
    db: ctx.db,
    trendingDays: ctx.config.TRENDING_DAYS,
    searchCacheMs: ctx.config.SEARCH_CACHE_SECONDS * 1000,
    trendingCacheMs: ctx.config.TRENDING_CACHE_SECONDS * 1000,
  });
  const owners = createOwners({ db: ctx.db });
  const app = createServiceApp(ctx, (app) => {
    app.use('/api/categories', categoryRoutes(businesses));
    app.use('/api/businesses', ownerRoutes(owners));
    app.use('/api/businesses', businessRoutes(businesses));
    app.use('/api/moderation/claims', claimModerationRoutes(owners));
    app.use(
      '/internal',
      internalExportRoutes((id) => ownersStore.exportOf(ctx.db, id)),
    );
  });
  return {
    app,
    workers: [
      createOutboxRelay(ctx),
      createProjectionsConsumer(ctx, { reviewsChanged: () => businesses.forgetTrending() }),
    ],
  };
}
