import {
  authenticate,
  createHttpApp,
  createOutboxRelay,
  type ServiceContext,
  type ServiceParts,
} from '@trustcircle/service-kit';
import type { IdentityConfig } from './config';
import { createAccounts } from './domain/accounts';
import {
  httpVerificationProvider,
  sandboxVerificationProvider,
  type VerificationProvider,
} from './domain/verification';
import { internalRoutes } from './routes/internal';
import { userRoutes } from './routes/user';
import { knexUsersStore } from './store/users-store';

function verificationProvider(config: IdentityConfig): VerificationProvider {
  return config.VERIFICATION_PROVIDER === 'http' && config.VERIFICATION_URL
    ? httpVerificationProvider(config.VERIFICATION_URL, config.VERIFICATION_TIMEOUT_MS)
    : sandboxVerificationProvider;
}

export function createIdentityApp(ctx: ServiceContext<IdentityConfig>): ServiceParts {
  const accounts = createAccounts({
    db: ctx.db,
    users: knexUsersStore,
    verification: verificationProvider(ctx.config),
  });
  const app = createHttpApp({
    logger: ctx.logger,
    registry: ctx.registry,
    readiness: ctx.readiness,
    routes(app) {
      app.use(authenticate(ctx.verifier!));
      app.use('/internal', internalRoutes(accounts));
      app.use('/api/user', userRoutes(accounts));
    },
  });
  return { app, workers: [createOutboxRelay(ctx)] };
}
