import type { Express } from 'express';
import { authenticate } from './auth';
import { createHttpApp, type HttpAppOptions } from './http-app';
import type { ServiceContext } from './server';

/**
 * A service's HTTP app: its logger and metrics, and the bearer token the gateway minted checked
 * on every request before the service's own routes see it.
 */
export function createServiceApp(
  ctx: Pick<ServiceContext, 'name' | 'logger' | 'registry' | 'verifier'>,
  routes: HttpAppOptions['routes'],
): Express {
  const { verifier } = ctx;
  if (!verifier) throw new Error(`${ctx.name} verifies no tokens: it needs createHttpApp`);
  return createHttpApp({
    logger: ctx.logger,
    registry: ctx.registry,
    routes(app) {
      app.use(authenticate(verifier));
      routes(app);
    },
  });
}
