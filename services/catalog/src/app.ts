import {
  createServiceApp,
  createOutboxRelay,
  type ServiceContext,
  type ServiceParts,
} from '@trustcircle/service-kit';
import type { CatalogConfig } from './config';
import { createBusinesses } from './domain/businesses';
import { createProjectionsConsumer } from './events/projections-consumer';
import { businessRoutes, categoryRoutes } from './routes/businesses';

export function createCatalogApp(ctx: ServiceContext<CatalogConfig>): ServiceParts {
  const businesses = createBusinesses({
    db: ctx.db,
    trendingDays: ctx.config.TRENDING_DAYS,
  });
  const app = createServiceApp(ctx, (app) => {
    app.use('/api/categories', categoryRoutes(businesses));
    app.use('/api/businesses', businessRoutes(businesses));
  });
  return { app, workers: [createOutboxRelay(ctx), createProjectionsConsumer(ctx)] };
}
