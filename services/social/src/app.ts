import {
  createServiceApp,
  createOutboxRelay,
  internalExportRoutes,
  type ServiceContext,
  type ServiceParts,
} from '@trustcircle/service-kit';
import { Gauge } from 'prom-client';
import type { SocialConfig } from './config';
import { createFollows } from './domain/follows';
import { createNotifications } from './domain/notifications';
import { createNotificationsConsumer } from './events/consumers';
import { announcer } from './events/social-events';
import { followRoutes } from './routes/follows';
import { notificationRoutes } from './routes/notifications';
import { socialExportOf } from './store/export-store';
import { createFanOut } from './stream/fan-out';
import { StreamHub } from './stream/hub';

export function createSocialApp(ctx: ServiceContext<SocialConfig>): ServiceParts {
  const { db, config, logger } = ctx;
  const hub = new StreamHub({ db, logger, heartbeatMs: config.SSE_HEARTBEAT_MS });
  const announce = announcer((written) => hub.wake(written), logger);
  new Gauge({
    name: 'social_sse_streams',
    help: 'Notification streams open on this replica',
    registers: [ctx.registry],
    collect() {
      this.set(hub.size);
    },
  });
  const app = createServiceApp(ctx, (app) => {
    app.use('/api/users', followRoutes(createFollows({ db, announce })));
    app.use(
      '/api/notifications',
      notificationRoutes({
        notifications: createNotifications({ db }),
        hub,
        db,
        maxStreamsPerUser: config.SSE_MAX_STREAMS_PER_USER,
      }),
    );
    app.use(
      '/internal',
      internalExportRoutes((id) => socialExportOf(db, id)),
    );
  });
  return {
    app,
    workers: [
      createOutboxRelay(ctx),
      createNotificationsConsumer(ctx, announce),
      createFanOut(ctx, hub),
    ],
  };
}
