import {
  authenticate,
  createHttpApp,
  createOutboxRelay,
  type ServiceContext,
  type ServiceParts,
} from '@trustcircle/service-kit';
import type { IdentityConfig } from './config';
import { createAccounts } from './domain/accounts';
import { sandboxVerificationProvider, type VerificationProvider } from './domain/verification';
import { httpVerificationProvider } from './domain/verification-http';
import { internalRoutes } from './routes/internal';
import { userRoutes } from './routes/user';
import { knexUsersStore } from './store/users-store';

function verificationProvider({
  config,
  logger,
}: ServiceContext<IdentityConfig>): VerificationProvider {
  // config.ts has already checked that http comes with a URL and a secret.
  return config.VERIFICATION_PROVIDER === 'http'
    ? httpVerificationProvider({
        url: config.VERIFICATION_URL!,
        secret: config.VERIFICATION_SECRET!,
        timeoutMs: config.VERIFICATION_TIMEOUT_MS,
        logger,
      })
    : sandboxVerificationProvider;
}

export function createIdentityApp(ctx: ServiceContext<IdentityConfig>): ServiceParts {
  const accounts = createAccounts({
    db: ctx.db,
    users: knexUsersStore,
    verification: verificationProvider(ctx),
  });
  const app = createHttpApp({
    logger: ctx.logger,
    registry: ctx.registry,
    routes(app) {
      app.use(authenticate(ctx.verifier!));
      app.use('/internal', internalRoutes(accounts));
      app.use('/api/user', userRoutes(accounts));
    },
  });
  return { app, workers: [createOutboxRelay(ctx)] };
}
