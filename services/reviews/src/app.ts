import {
  authenticate,
  createHttpApp,
  createOutboxRelay,
  type ServiceContext,
  type ServiceParts,
} from '@trustcircle/service-kit';
import type { ReviewsConfig } from './config';
import { createPhotos } from './domain/photos';
import { createReviews } from './domain/reviews';
import { createProjectionConsumer } from './events/projection-consumer';
import { createPhotoSweeper } from './photos/sweeper';
import { photoRoutes } from './routes/photos';
import { listRoutes, reviewRoutes } from './routes/reviews';

export function createReviewsApp(ctx: ServiceContext<ReviewsConfig>): ServiceParts {
  const reviews = createReviews({ db: ctx.db, projectionWaitMs: ctx.config.PROJECTION_WAIT_MS });
  const photos = createPhotos({ db: ctx.db });
  const app = createHttpApp({
    logger: ctx.logger,
    registry: ctx.registry,
    readiness: ctx.readiness,
    routes(app) {
      app.use(authenticate(ctx.verifier!));
      app.use('/api/reviews', reviewRoutes(reviews));
      app.use('/api/photos', photoRoutes(photos));
      app.use('/api', listRoutes(reviews));
    },
  });
  return {
    app,
    workers: [
      createOutboxRelay(ctx),
      createProjectionConsumer(ctx),
      createPhotoSweeper({
        db: ctx.db,
        logger: ctx.logger,
        intervalMs: ctx.config.PHOTO_SWEEP_INTERVAL_MS,
        orphanTtlMinutes: ctx.config.PHOTO_ORPHAN_TTL_MINUTES,
      }),
    ],
  };
}
