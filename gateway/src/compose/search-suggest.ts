import {
  SUGGEST_LIMIT,
  SuggestQuerySchema,
  type SearchKind,
  type Suggestions,
} from '@trustcircle/contracts';
import { withTimeout } from '@trustcircle/http-server';
import { parseQuery, type Logger } from '@trustcircle/service-kit';
import { Router, type Request, type RequestHandler } from 'express';
import type { TokenMinter } from '../tokens';
import type { Upstreams } from '../upstream';
import { upstreamHeaders } from './calls';

export interface SearchSuggestDeps {
  upstreams: Upstreams;
  tokens: TokenMinter;
  urls: { catalog: string; communities: string; identity: string };
  logger: Logger;
  /** Spends on the suggestion limit (limits/suggest-limit.ts) before any service is asked. */
  limit: RequestHandler;
  /** Each kind may take at most this long; the others are answered without it. */
  partTimeoutMs?: number;
}

/** Which service answers each kind, and where. */
const SOURCES: Record<SearchKind, { service: keyof SearchSuggestDeps['urls']; path: string }> = {
  businesses: { service: 'catalog', path: '/api/businesses' },
  groups: { service: 'communities', path: '/api/groups' },
  people: { service: 'identity', path: '/api/people' },
};

/**
 * `GET /api/search/suggest?q=`: the top bar's suggestions as you type (issue 17), composed like
 * the business page (design §2): the three searches in parallel, each service's own forgiving
 * search, top matches of each kind. A kind whose service fails or is slow answers empty and is
 * named in `unavailable`; a bad `q` is a 400 before any call. The one limited read: each call
 * costs three searches (docs/security.md, "Limits").
 */
export function searchSuggestRoutes(deps: SearchSuggestDeps): Router {
  const router = Router();
  const timeoutMs = deps.partTimeoutMs ?? 1500;

  async function matches(kind: SearchKind, q: string, req: Request): Promise<unknown[] | null> {
    const source = SOURCES[kind];
    try {
      const answer = await withTimeout(
        deps.upstreams.requestJson(deps.urls[source.service], {
          method: 'GET',
          path: `${source.path}?search=${encodeURIComponent(q)}&limit=${SUGGEST_LIMIT}`,
          headers: upstreamHeaders(deps.tokens, req),
        }),
        timeoutMs,
        `${kind} too slow`,
      );
      if (answer.status === 200 && Array.isArray(answer.body)) return answer.body;
      deps.logger.warn({ status: answer.status, kind }, 'search answered suggestions badly');
      return null;
    } catch (error) {
      deps.logger.warn(
        { err: (error as Error).message, kind },
        'search unavailable for suggestions',
      );
      return null;
    }
  }

  router.get('/api/search/suggest', deps.limit, async (req, res) => {
    res.locals.metricsRoute = 'compose:search-suggest';
    const { q } = parseQuery(SuggestQuerySchema, req);
    const kinds = Object.keys(SOURCES) as SearchKind[];
    const found = await Promise.all(kinds.map((kind) => matches(kind, q, req)));
    const answer = { query: q, unavailable: [] as SearchKind[] } as Suggestions;
    kinds.forEach((kind, index) => {
      const list = found[index];
      if (!list) answer.unavailable.push(kind);
      (answer as Record<SearchKind, unknown[]>)[kind] = list ?? [];
    });
    res.json(answer);
  });

  return router;
}
