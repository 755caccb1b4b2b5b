import { businessPageId } from '@trustcircle/contracts';
import { CSP_DIRECTIVES, isOpsPath, OPS_PATHS } from '@trustcircle/http-server';
import type { Logger } from '@trustcircle/service-kit';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { clientOf } from './client-address';
import type { GatewayConfig } from './config';
import { forward, forwardTarget } from './forward';
import { businessHeadFor } from './business-head';
import type { BusinessDetailDeps } from './compose/business-detail';
import { homeHeadFor, type HomeHeadDeps } from './home-head';
import { pageHeadHtml, sendPage, withPageHead } from './page-heads';
import { remotePreloads } from './remote-preloads';
import type { Upstreams } from './upstream';

/**
 * Paths the gateway answers itself; everything else is a page of the shell. The operational
 * paths answer 404 here: they live on the ops port only (design §11), and the shell must not
 * answer them either.
 */
const GATEWAY_PATHS = ['/api', '/.well-known', '/mfe', ...OPS_PATHS];

/**
 * How long a page's HTML may wait on what its head shows (the business, the member's name: a
 * few ms): longer, and the page goes out without its head rather than later.
 */
const HEAD_WAIT_MS = 150;

export function isGatewayPath(path: string): boolean {
  return GATEWAY_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** `/mfe/config.json` (design §7): where the shell finds each remote's manifest. */
export function remotesConfig(config: GatewayConfig): Record<string, string> {
  return { groups: config.GROUPS_MANIFEST_URL, business: config.BUSINESS_MANIFEST_URL };
}

function unavailable(res: Response, what: string) {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  res.writeHead(503, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': '2',
  });
  res.end(`${what} is unavailable right now. Please try again shortly.`);
}

/** A frontend's static server, through the same plain forward as the API (forward.ts). */
function staticProxy(
  url: string | undefined,
  what: string,
  deps: { upstreams: Upstreams; logger: Logger },
): RequestHandler {
  if (!url) return (_req, res) => unavailable(res, what);
  const target = forwardTarget(url);
  const via = deps.upstreams.forRequests(url);
  return (req, res) =>
    forward(req, res, target, {
      ...via,
      headers: {},
      client: clientOf(req),
      drop: ['cookie', 'authorization'],
      onResponse(answer) {
        delete answer['set-cookie'];
      },
      onError(err) {
        deps.logger.warn({ err: err.message, target: url }, `${what} unavailable`);
        unavailable(res, what);
      },
    });
}

/**
 * The browser side behind the gateway: `/mfe/config.json` from the environment, the remotes'
 * static servers under `/mfe/groups/*` and `/mfe/business/*` (prefix stripped), and the shell
 * for every other GET page path.
 */
export function frontendRoutes(
  config: GatewayConfig,
  deps: {
    upstreams: Upstreams;
    logger: Logger;
    /** Where the business page's head is read from (business-head.ts). */
    business?: Pick<BusinessDetailDeps, 'upstreams' | 'catalogUrl' | 'logger' | 'kept'>;
    /** Who is signed in, and their name, for the home's head (home-head.ts). */
    home?: HomeHeadDeps;
  },
): Router {
  const router = Router();
  const mfeConfig = remotesConfig(config);
  router.get('/mfe/config.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(mfeConfig);
  });
  // A remote's own probes (`/mfe/groups/readyz`) are not for the public either.
  const remote = (handler: RequestHandler): RequestHandler => {
    return (req, res, next) => (isOpsPath(req.path) ? next() : handler(req, res, next));
  };
  router.use('/mfe/groups', remote(staticProxy(config.GROUPS_MFE_URL, 'The groups section', deps)));
  router.use(
    '/mfe/business',
    remote(staticProxy(config.BUSINESS_MFE_URL, 'The business section', deps)),
  );
  const shellUrl = config.SHELL_URL;
  if (shellUrl) {
    const shell = staticProxy(shellUrl, 'TrustCircle', deps);
    const preloads = remotePreloads({
      remotes: [
        { name: 'groups', manifestUrl: mfeConfig.groups!, serverUrl: config.GROUPS_MFE_URL },
        { name: 'business', manifestUrl: mfeConfig.business!, serverUrl: config.BUSINESS_MFE_URL },
      ],
      upstreams: deps.upstreams,
      logger: deps.logger,
    });
    /**
     * The head to paint for this page: a remote's static one, the business page's, or the
     * member's home (theirs alone: `personal`).
     */
    const headOf = (
      req: Request,
    ): { markup: Promise<string | undefined>; personal: boolean } | undefined => {
      const head = preloads.headFor(req.path);
      if (head) return { markup: Promise.resolve(pageHeadHtml(head)), personal: false };
      // `/` is the home for a member (`/?search=` the old search's address, sent on at once).
      const home =
        req.path === '/dashboard' || (req.path === '/' && req.query.search === undefined);
      if (home && deps.home) {
        return { markup: homeHeadFor(deps.home, req, HEAD_WAIT_MS), personal: true };
      }
      const id = businessPageId(req.path);
      if (!deps.business || id === undefined) return undefined;
      return { markup: businessHeadFor(deps.business, id, req, HEAD_WAIT_MS), personal: false };
    };
    router.use((req, res, next) => {
      if (isGatewayPath(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
      res.locals.metricsRoute = 'proxy:shell';
      // A remote's page: what it will need, hinted with the HTML (remote-preloads.ts).
      const link = preloads.linkFor(req.path);
      if (link) res.setHeader('Link', link);
      const head = headOf(req);
      if (!head) return shell(req, res, next);
      // The page's head painted into the shell's document (page-heads.ts); should either not
      // come plainly, the shell's own answer goes out as it is.
      Promise.all([
        deps.upstreams.requestText(shellUrl, {
          method: 'GET',
          path: req.path,
          headers: { accept: 'text/html', 'accept-encoding': 'identity' },
        }),
        head.markup,
      ])
        .then(([answer, markup]) => {
          const html =
            answer.status === 200 && markup ? withPageHead(answer.text, markup) : undefined;
          if (html === undefined) return shell(req, res, next);
          sendPage(req, res, html, head.personal);
        })
        .catch(() => shell(req, res, next));
    });
  }
  return router;
}

/** helmet's Content-Security-Policy for the app: service-kit's one definition. */
export function contentSecurityPolicy(production: boolean) {
  return {
    useDefaults: true,
    directives: {
      ...CSP_DIRECTIVES,
      upgradeInsecureRequests: production ? [] : null,
    },
  };
}
