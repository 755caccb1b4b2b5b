import {
  createServiceApp,
  createOutboxRelay,
  internalExportRoutes,
  type ServiceContext,
  type ServiceParts,
} from '@trustcircle/service-kit';
import type { ReviewsConfig } from './config';
import { createPhotos } from './domain/photos';
import { createModeration } from './domain/moderation';
import { createModerationQueue } from './domain/moderation-queue';
import { createReplies } from './domain/replies';
import { createReviews } from './domain/reviews';
import { createVotes } from './domain/votes';
import { createActivityConsumer } from './events/activity-consumer';
import { createProjectionConsumer } from './events/projection-consumer';
import { createPhotoSweeper } from './photos/sweeper';
import { photoRoutes } from './routes/photos';
import { appealRoutes, moderationRoutes } from './routes/moderation';
import { replyRoutes } from './routes/replies';
import { listRoutes, reviewRoutes } from './routes/reviews';
import { leaversStore } from './store/leavers-store';
import { createKeptPages } from './kept-pages';
import { createActivitySweeper } from './workers/activity-sweeper';
import { periodicWorker } from './workers/periodic';

export function createReviewsApp(ctx: ServiceContext<ReviewsConfig>): ServiceParts {
  const keptPages = createKeptPages(ctx);
  const reviews = createReviews({ db: ctx.db, keptPages });
  const votes = createVotes({ db: ctx.db });
  const photos = createPhotos({ db: ctx.db, config: ctx.config });
  const moderation = createModeration({ db: ctx.db });
  const queue = createModerationQueue({ db: ctx.db });
  const app = createServiceApp(ctx, (app) => {
    if (keptPages) app.use(keptPages.endedByWrites);
    app.use('/api/reviews', appealRoutes(moderation));
    app.use('/api/reviews', replyRoutes(createReplies({ db: ctx.db })));
    app.use(
      '/api/reviews',
      reviewRoutes(reviews, votes, { allowBackdating: ctx.config.ALLOW_BACKDATED_REVIEWS }),
    );
    app.use('/api/moderation', moderationRoutes({ moderation, queue, reviews }));
    app.use('/api/photos', photoRoutes(photos));
    app.use('/api', listRoutes(reviews));
    app.use(
      '/internal',
      internalExportRoutes((id) => leaversStore.exportOf(ctx.db, id)),
    );
  });
  return {
    app,
    workers: [
      ...(keptPages ? [keptPages.worker(ctx.config.DATABASE_URL, ctx.logger)] : []),
      createOutboxRelay(ctx),
      createProjectionConsumer(ctx),
      createActivityConsumer(ctx, ctx.config.UNUSUAL_ACTIVITY_MIN_REVIEWS),
      createActivitySweeper({
        db: ctx.db,
        logger: ctx.logger,
        intervalMs: ctx.config.ACTIVITY_SWEEP_INTERVAL_MS,
        flagHours: ctx.config.UNUSUAL_ACTIVITY_FLAG_HOURS,
      }),
      periodicWorker({
        name: 'vote-key-sweeper',
        logger: ctx.logger,
        intervalMs: ctx.config.VOTE_KEY_SWEEP_INTERVAL_MS,
        task: votes.sweepKeys,
      }),
      createPhotoSweeper({
        db: ctx.db,
        logger: ctx.logger,
        intervalMs: ctx.config.PHOTO_SWEEP_INTERVAL_MS,
        orphanTtlMinutes: ctx.config.PHOTO_ORPHAN_TTL_MINUTES,
      }),
    ],
  };
}
