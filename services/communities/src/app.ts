import {
  createServiceApp,
  createOutboxRelay,
  internalExportRoutes,
  type ServiceContext,
  type ServiceParts,
} from '@trustcircle/service-kit';
import type { CommunitiesConfig } from './config';
import { createGroups } from './domain/groups';
import { createProjectionsConsumer } from './events/consumers';
import { groupRoutes, userGroupRoutes } from './routes/groups';
import { groupsStore } from './store/groups-store';

export function createCommunitiesApp(ctx: ServiceContext<CommunitiesConfig>): ServiceParts {
  const groups = createGroups({ db: ctx.db });
  const app = createServiceApp(ctx, (app) => {
    app.use('/api/groups', groupRoutes(groups));
    app.use('/api/users', userGroupRoutes(groups));
    app.use(
      '/internal',
      internalExportRoutes((id) => groupsStore.exportOf(ctx.db, id)),
    );
  });
  return { app, workers: [createOutboxRelay(ctx), createProjectionsConsumer(ctx)] };
}
