import type { RequestListener } from 'node:http';
import {
  CHANGE_CHANNEL,
  createHttpApp,
  createLane,
  listenPg,
  parseChangeNotice,
  securityEvents,
  type BackgroundWorker,
  type ServiceContext,
  type ServiceParts,
} from '@trustcircle/service-kit';
import { buildOpenApiDocument } from '@trustcircle/contracts';
import type { CookieOptions, RequestHandler } from 'express';
import helmet from 'helmet';
import { apiCachePolicy } from './cache-policy';
import { composeBusinessDetail } from './compose/business-detail';
import { searchSuggestRoutes } from './compose/search-suggest';
import type { GatewayConfig } from './config';
import { contentSecurityPolicy, frontendRoutes } from './frontends';
import { loadGatewayKeys } from './keys';
import { KeptAnswers } from './kept-answers';
import { keptAnswersMetrics } from './kept-answers-metrics';
import { createProxies, prefix, type UpstreamRoute } from './proxy';
import { createGatewayLimits } from './limits';
import { OpenStreams } from './open-streams';
import { laneRouteOf } from './lanes';
import { accountRoutes } from './routes/account-routes';
import { identityCalls } from './routes/identity-calls';
import { leaveRoutes } from './routes/leave-routes';
import { sessionRoutes } from './routes/session-routes';
import { sessionsListRoutes } from './routes/sessions-list-routes';
import { plainReads } from './plain-reads';
import {
  bodyRules,
  devOnlyHeaders,
  dropDevOnlyHeaders,
  sameOriginOnly,
  withFixedHeaders,
} from './security';
import { resolveSession } from './session-middleware';
import { SessionService } from './sessions/session-service';
import { knexSessionsStore, REVOCATION_CHANNEL } from './store/sessions-store';
import { TokenMinter } from './tokens';
import { Upstreams } from './upstream';

const HOUR_MS = 3_600_000;

/** Which service answers which `/api` path, most specific first (design §1). */
export function upstreamRoutes(config: GatewayConfig): UpstreamRoute[] {
  return [
    {
      service: 'identity',
      label: 'Your account',
      target: config.IDENTITY_URL,
      matches: prefix('/api/user'),
    },
    {
      service: 'identity',
      label: 'People search',
      target: config.IDENTITY_URL,
      // A public profile's header is identity's; its lists and counts are the owners' below.
      matches: (path) => prefix('/api/people')(path) || /^\/api\/users\/[^/]+\/?$/.test(path),
    },
    // Business claims are catalog's, moderated beside reviews' queue: before reviews' prefix.
    {
      service: 'catalog',
      label: 'Business claims',
      target: config.CATALOG_URL,
      matches: (path) => /^\/api\/moderation\/claims(\/|$)/.test(path),
    },
    // Reviews answers the review lists of groups and businesses: before their owners' prefixes.
    {
      service: 'reviews',
      label: 'Reviews',
      target: config.REVIEWS_URL,
      matches: (path) =>
        /^\/api\/(groups|businesses|users)\/[^/]+\/reviews\/?$/.test(path) ||
        /^\/api\/users\/[^/]+\/review-stats\/?$/.test(path) ||
        prefix('/api/reviews', '/api/photos', '/api/moderation')(path),
    },
    {
      service: 'communities',
      label: 'Groups',
      target: config.COMMUNITIES_URL,
      matches: (path) =>
        prefix('/api/groups')(path) || /^\/api\/users\/[^/]+\/groups\/?$/.test(path),
    },
    {
      service: 'catalog',
      label: 'Businesses',
      target: config.CATALOG_URL,
      matches: prefix('/api/businesses', '/api/categories'),
    },
    // The live notification stream: its own proxy, never timed out (heartbeats keep it alive).
    {
      service: 'social',
      label: 'Notifications',
      target: config.SOCIAL_URL,
      streaming: true,
      matches: (path, method) => method === 'GET' && /^\/api\/notifications\/stream\/?$/.test(path),
    },
    {
      service: 'social',
      label: 'Follows and notifications',
      target: config.SOCIAL_URL,
      matches: (path) =>
        /^\/api\/users\/[^/]+\/(follow|followers|following)\/?$/.test(path) ||
        prefix('/api/notifications')(path),
    },
  ];
}

export function cookieSettings(config: GatewayConfig): { name: string; options: CookieOptions } {
  const secure =
    config.COOKIE_SECURE === 'auto'
      ? config.NODE_ENV === 'production'
      : config.COOKIE_SECURE === 'true';
  return {
    // `__Host-` makes the browser insist on Secure, Path=/ and no Domain.
    name: secure ? '__Host-tc_session' : 'tc_session',
    options: {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      maxAge: config.SESSION_ABSOLUTE_TTL_HOURS * HOUR_MS,
    },
  };
}

export function createGatewayApp(ctx: ServiceContext<GatewayConfig>): ServiceParts {
  const { config, logger } = ctx;
  const { signingKey, jwks } = loadGatewayKeys(config);
  const tokens = new TokenMinter(signingKey);
  const upstreams = new Upstreams({
    connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
  });
  const store = knexSessionsStore(ctx.db);
  const sessions = new SessionService(store, {
    idleTtlMs: config.SESSION_IDLE_TTL_HOURS * HOUR_MS,
    absoluteTtlMs: config.SESSION_ABSOLUTE_TTL_HOURS * HOUR_MS,
    cacheTtlMs: config.SESSION_CACHE_TTL_MS,
  });
  const cookie = cookieSettings(config);
  const streams = new OpenStreams();
  const limits = createGatewayLimits(ctx.db, config, logger, cookie.options.secure === true);
  const security = securityEvents(logger, ctx.registry);
  const identity = identityCalls({ upstreams, tokens, identityUrl: config.IDENTITY_URL, logger });

  // Every answer's security headers, and what every `/api` request passes before a route or
  // proxy sees it (each write spends on its per-account and per-IP limits here). Named, because
  // the lanes run the same handlers. helmet's headers are read once, here, for both lanes.
  const securityHeaders = withFixedHeaders(
    helmet({ contentSecurityPolicy: contentSecurityPolicy(config.NODE_ENV === 'production') }),
  );
  const edge: RequestHandler[] = [
    securityHeaders,
    dropDevOnlyHeaders(config.ALLOW_BACKDATED_REVIEWS),
  ];
  const api: RequestHandler[] = [
    sameOriginOnly(config.PUBLIC_ORIGINS.split(',')),
    bodyRules({ limitBytes: config.BODY_LIMIT_BYTES, multipartPaths: ['/photos'] }),
    resolveSession(sessions, cookie.name),
    apiCachePolicy,
    limits.writes,
  ];
  const kept =
    config.KEPT_ANSWERS === 'true'
      ? new KeptAnswers({
          maxBytes: config.KEPT_ANSWERS_MAX_MB * 1024 * 1024,
          ttlMs: config.KEPT_ANSWERS_TTL_MS,
          agelessTtlMs: config.KEPT_ANSWERS_AGELESS_TTL_MS,
        })
      : undefined;
  if (kept) keptAnswersMetrics(kept, ctx.registry);
  const routes = upstreamRoutes(config);
  // Proxies see the raw, unparsed body stream (pitfalls: parsers before proxies hang POSTs).
  const proxies = createProxies(routes, { upstreams, tokens, logger, streams, kept });
  // Design §2: the one composed answer (catalog + reviews), before the catalog proxy.
  const businessDetail = composeBusinessDetail({
    upstreams,
    tokens,
    catalogUrl: config.CATALOG_URL,
    reviewsUrl: config.REVIEWS_URL,
    logger,
    kept,
  });

  const app = createHttpApp({
    logger,
    registry: ctx.registry,
    jsonBody: false,
    trustProxy: config.TRUST_PROXY,
    traceFromCaller: false,
    routes(app) {
      app.use(...edge);
      app.get('/.well-known/jwks.json', (_req, res) => {
        res.set('Cache-Control', 'public, max-age=300').json(jwks);
      });
      const openApi = buildOpenApiDocument();
      app.get('/api/openapi.json', (_req, res) => {
        res.json(openApi);
      });
      app.use('/api', ...api);
      // What the sign-in, account and leaving routes take, each the part it needs.
      const accountDeps = {
        identity,
        sessions,
        upstreams,
        tokens,
        cookie,
        limits: limits.sessionLimits,
        signIn: limits.signIn,
        bodyLimitBytes: config.BODY_LIMIT_BYTES,
        logger,
        security,
      };
      app.use('/api', sessionRoutes({ ...accountDeps, identityUrl: config.IDENTITY_URL }));
      app.use('/api', sessionsListRoutes({ sessions, cookie, security }));
      app.use('/api', accountRoutes(accountDeps));
      const urls = {
        identity: config.IDENTITY_URL,
        communities: config.COMMUNITIES_URL,
        reviews: config.REVIEWS_URL,
        social: config.SOCIAL_URL,
        catalog: config.CATALOG_URL,
      };
      app.use('/api', leaveRoutes({ ...accountDeps, urls }));
      app.use(businessDetail);
      app.use(
        searchSuggestRoutes({
          upstreams,
          tokens,
          urls: {
            catalog: config.CATALOG_URL,
            communities: config.COMMUNITIES_URL,
            identity: config.IDENTITY_URL,
          },
          logger,
          limit: limits.suggest,
        }),
      );
      app.use(proxies.handler);
      // The shell, the remotes and /mfe/config.json (design §7).
      app.use(
        frontendRoutes(config, {
          upstreams,
          logger,
          business: { upstreams, logger, kept, catalogUrl: config.CATALOG_URL },
          home: {
            sessions,
            cookieName: cookie.name,
            tokens,
            upstreams,
            identityUrl: config.IDENTITY_URL,
          },
        }),
      );
    },
  });
  // A service's reads and writes and the composed page (nearly all traffic) run the same
  // handlers without Express's router.
  const laneTo = (last: RequestHandler) =>
    createLane(app, [
      { handlers: edge },
      { mountPath: '/api', handlers: api },
      { handlers: [last] },
    ]);
  const lanes = { proxy: laneTo(proxies.handler), composed: laneTo(businessDetail) };
  // Most of the proxy lane's reads skip Express altogether.
  const plain = plainReads({
    app,
    proxies,
    sessions,
    cookieName: cookie.name,
    securityHeaders,
    droppedHeaders: devOnlyHeaders(config.ALLOW_BACKDATED_REVIEWS),
    kept,
    logger,
  });
  const listener: RequestListener = (req, res) => {
    const lane = config.LANES === 'true' ? laneRouteOf(req, routes) : undefined;
    if (lane?.lane === 'proxy' && plain(req, res, lane.route, lane.path)) return;
    (lane ? lanes[lane.lane] : app)(req, res);
  };

  let revocations: { close(): Promise<void> } | null = null;
  let changes: { close(): Promise<void> } | null = null;
  let sweeper: NodeJS.Timeout | null = null;
  const workers: BackgroundWorker[] = [
    limits.worker,
    {
      name: 'session-revocations',
      start() {
        revocations = listenPg({
          url: config.DATABASE_URL,
          channel: REVOCATION_CHANNEL,
          logger,
          onNotify: (idHash) => {
            sessions.evict(idHash);
            if (idHash) streams.end(idHash);
          },
          // Notifications may have been missed while away: start from a clean cache.
          onReconnect: () => sessions.evict(undefined),
        });
      },
      async stop() {
        await revocations?.close();
      },
    },
    {
      name: 'kept-answers-changes',
      start() {
        if (!kept) return;
        changes = listenPg({
          url: config.DATABASE_URL,
          channel: CHANGE_CHANNEL,
          logger,
          onNotify: (payload) => {
            if (!payload) return;
            const { service, scope } = parseChangeNotice(payload);
            kept.changed(service, scope);
          },
          onReconnect: () => kept.listen(),
          onLost: () => kept.lost(),
        });
      },
      async stop() {
        kept?.lost();
        await changes?.close();
      },
    },
    {
      name: 'expired-session-sweeper',
      start() {
        sweeper = setInterval(() => {
          store
            .deleteExpired()
            .catch((err: unknown) => logger.warn({ err }, 'session sweep failed'));
        }, HOUR_MS);
        sweeper.unref();
      },
      async stop() {
        if (sweeper) clearInterval(sweeper);
        upstreams.close();
      },
    },
  ];
  return { app, listener, workers };
}
