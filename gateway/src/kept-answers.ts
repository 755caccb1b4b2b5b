import type { IncomingHttpHeaders } from 'node:http';
import type { BusinessListQuery, ReviewListQuery, ReviewSort } from '@trustcircle/contracts';
import { businessScope, ChangeGenerations, staggeredTtl } from '@trustcircle/service-kit';
import type { Request } from 'express';
import { LRUCache } from 'lru-cache';

export interface KeptAnswer {
  status: number;
  /** The service's answer headers as the gateway passes them on. */
  headers: IncomingHttpHeaders;
  /** As it came: bytes passed on, or those of a call the gateway composes from. */
  body: Buffer;
}

/**
 * A keepable read: its cache key, the services its answer comes from, and the one part of them
 * it shows (`business:42`), if only one: writes announced for other parts leave it.
 */
export interface Keyed {
  key: string;
  services: readonly string[];
  scope: string | null;
  /** Whether the answer is everyone's (a visitor's, or a call made without the caller's token). */
  everyone: boolean;
  /**
   * Whether its order never moves with age (a newest-first list), so that only a write, which
   * its notice ends it with, can leave it behind: kept up to the longer safety net.
   */
  ageless: boolean;
}

/** A load of a keepable read under way: what it depends on, as it stood when it began. */
export interface Keeping extends Keyed {
  stamps: readonly number[];
}

interface Entry {
  answer: KeptAnswer;
  services: readonly string[];
  scope: string | null;
  stamps: readonly number[];
}

export interface KeptAnswersOptions {
  /** Bound on the bodies kept, in bytes. */
  maxBytes: number;
  /** The longest an answer is kept even when nothing is heard (time-ranked lists move). */
  ttlMs: number;
  /**
   * The longest an `ageless` answer is kept when nothing is heard: a bound on a write no
   * trigger announces, as reviews' own kept pages have (a minute). Defaults to `ttlMs`.
   */
  agelessTtlMs?: number;
  /** A larger answer is passed on and not kept. */
  maxAnswerBytes?: number;
}

/** The query of a URL without one (read only). */
const NO_QUERY = new URLSearchParams();

/** A review list in any order but "relevant", whose points fall with a review's age. */
const notRelevant = (query: URLSearchParams) =>
  query.get('sort' satisfies keyof ReviewListQuery) !== ('relevant' satisfies ReviewSort);

/**
 * Reads whose answer is a function of the URL, the caller (user and roles) and the rows of the
 * service named: the hot reads of groups and reviews, and catalog's browse list (the composed
 * business page keeps its two halves, compose/business-detail.ts). A read a service caches
 * itself by time (search, trending) is not here: the gateway would stretch its staleness.
 */
const KEPT_READS: {
  path: RegExp;
  services: readonly string[];
  notWith?: string;
  /** The part of its services the read shows, from the path's match. */
  scope?: (match: RegExpExecArray) => string | null;
  /** Whether the answer's order never moves with age, from the query (else it may). */
  ageless?: (query: URLSearchParams) => boolean;
}[] = [
  { path: /^\/api\/groups(\/user|\/\d{1,10})?\/?$/i, services: ['communities'] },
  { path: /^\/api\/users\/[^/]+\/groups\/?$/i, services: ['communities'] },
  { path: /^\/api\/reviews\/(feed|user)\/?$/i, services: ['reviews'], ageless: () => true },
  // A business's reviews are its rows alone (reviews' migration 017): before the other lists.
  {
    path: /^\/api\/businesses\/([^/]+)\/reviews\/?$/i,
    services: ['reviews'],
    scope: (match) => businessScope(match[1]!),
    ageless: notRelevant,
  },
  {
    path: /^\/api\/(groups|businesses|users)\/[^/]+\/reviews\/?$/i,
    services: ['reviews'],
    ageless: notRelevant,
  },
  { path: /^\/api\/users\/[^/]+\/review-stats\/?$/i, services: ['reviews'] },
  // A keyset page of catalog's rows; with `search` it is catalog's search, kept there by time.
  // The parameter's name is the contract's: renaming it there breaks this line, not the cache.
  {
    path: /^\/api\/businesses\/?$/i,
    services: ['catalog'],
    notWith: 'search' satisfies keyof BusinessListQuery,
  },
];

/**
 * The services whose answers are kept: only they announce their writes (service-kit
 * `announcesChanges`; identity and social do not, so that their commits wake no LISTENer). A
 * kept read of another service would never end: announce its writes before adding it here.
 */
export const KEPT_READ_SERVICES: ReadonlySet<string> = new Set(
  KEPT_READS.flatMap((read) => read.services),
);

/**
 * The services a GET of `path` depends on, when its answer may be kept; `url` (the request's,
 * its query included) is read only for a read that some query parameter rules out.
 */
export function keptReadOf(
  path: string,
  url = path,
): { services: readonly string[]; scope: string | null; ageless: boolean } | undefined {
  for (const read of KEPT_READS) {
    const match = read.path.exec(path);
    if (!match) continue;
    // Parsed only for a read whose keeping depends on it: this runs for every keepable GET.
    const at = url.indexOf('?');
    const asks = at >= 0 && (read.notWith !== undefined || read.ageless !== undefined);
    const query = asks ? new URLSearchParams(url.slice(at + 1)) : NO_QUERY;
    if (read.notWith && query.has(read.notWith)) return undefined;
    return {
      services: read.services,
      scope: read.scope?.(match) ?? null,
      ageless: read.ageless?.(query) ?? false,
    };
  }
  return undefined;
}

/** The caller of an answer that is everyone's: any visitor. */
const EVERYONE = '-';

/** Whom an answer is for: the user and the roles their token carries, or any visitor. */
function callerOf(session: Request['tcSession']): string {
  return session ? `${session.userId}|${session.roles.join(',')}` : EVERYONE;
}

/** What a read's key is made of: an Express request has it; a plain read (plain-reads.ts) is given it. */
export interface KeyedRequest {
  method: string;
  headers: IncomingHttpHeaders;
  originalUrl: string;
  tcSession?: Request['tcSession'];
}

/** Request headers under which the client asks for something else than the plain answer. */
const CONDITIONAL = ['if-none-match', 'if-modified-since', 'range'];

/**
 * Answers the gateway keeps and knows to be current (design §2, docs/performance.md): a
 * service's read is answered from memory while no write to that service has committed since
 * it was loaded. Every service's tables announce each committed write on Postgres'
 * CHANGE_CHANNEL (service-kit change-notices.ts); the gateway LISTENs and bumps that service's
 * generation. An answer is kept with the generations of its services when its load began, so
 * a load that overlaps a write is not kept. While the LISTEN connection is down nothing is
 * kept or served (writes would go unheard); a write passed through this gateway bumps its
 * service as its answer leaves, so the writer's next read is never an older answer. Keys are
 * per caller (user id and roles), Host, accepted encodings and URL: one person's answer is
 * never another's.
 */
export class KeptAnswers {
  private readonly changes = new ChangeGenerations();
  private readonly cache: LRUCache<string, Entry>;
  /**
   * Keys loaded once: an answer is kept from its key's second load. Bounded by the keys'
   * length, as the cache is: a URL may be kilobytes long, and anyone can send many.
   */
  private readonly asked = new LRUCache<string, true>({
    maxSize: 4 * 1024 * 1024,
    sizeCalculation: (_value, key) => key.length + 64,
  });
  private readonly maxAnswerBytes: number;
  /**
   * Kept answers served (one per lookup that answered: a visitor's whole composed page is one),
   * and requests made to services for keepable reads (metrics).
   */
  served = 0;
  loaded = 0;

  private readonly ttlMs: number;
  private readonly agelessTtlMs: number;

  constructor(options: KeptAnswersOptions) {
    this.ttlMs = options.ttlMs;
    this.agelessTtlMs = options.agelessTtlMs ?? options.ttlMs;
    this.maxAnswerBytes = options.maxAnswerBytes ?? 512 * 1024;
    this.cache = new LRUCache<string, Entry>({
      maxSize: Math.max(options.maxBytes, 1),
      sizeCalculation: (entry, key) => entry.answer.body.length + key.length + 512,
      // Each entry is given its own (`keep`); this is only lru-cache's switch for them.
      ttl: Math.max(options.ttlMs, options.agelessTtlMs ?? 0),
    });
  }

  /** The LISTEN connection is up (again): what was kept before may have missed a change. */
  listen(): void {
    this.reset();
    this.changes.listen();
  }

  /** The LISTEN connection is down: nothing can be known to be current. */
  lost(): void {
    this.changes.lost();
    this.reset();
  }

  /**
   * A committed write to `service`, or to one part of it: its answers kept so far (of that
   * part, and of no one part) are no longer current.
   */
  changed(service: string, scope: string | null = null): void {
    this.changes.changed(service, scope);
  }

  /**
   * The cache key of `req` when it is a keepable read (GET of a kept path, no conditional or
   * no-cache request), else undefined.
   */
  keyOf(
    req: KeyedRequest,
    path: string,
    read = keptReadOf(path, req.originalUrl),
  ): Keyed | undefined {
    if (!this.changes.heard || req.method !== 'GET' || !read) return undefined;
    const headers = req.headers;
    if (CONDITIONAL.some((name) => headers[name] !== undefined)) return undefined;
    if (headers['cache-control']?.includes('no-cache')) return undefined;
    const caller = callerOf(req.tcSession);
    // The service compresses for a client that asks: each encoding asked is its own answer.
    const encoding = headers['accept-encoding'] ?? '';
    // Parts joined by newlines, which no header or URL holds: no two requests' keys can meet.
    const key = `read\n${caller}\n${headers.host ?? ''}\n${encoding}\n${req.originalUrl}`;
    return { key, ...read, everyone: caller === EVERYONE };
  }

  /**
   * The key of a visitor's composed page of business `id`, kept whole: for a visitor both its
   * halves are everyone's, so a read of it is one lookup, with nothing composed or hashed. A
   * member's page is composed from its halves (the reviews half is theirs alone).
   */
  composedKeyOf(req: Request, id: string): Keyed | undefined {
    if (req.tcSession) return undefined;
    return this.keyOf(req, req.path, {
      services: ['catalog', 'reviews'],
      scope: businessScope(id),
      ageless: false,
    });
  }

  /**
   * The key of a call the gateway makes itself for `req` (a half of a composed answer), or
   * undefined when nothing may be kept for it. `caller: false` for a call made without the
   * caller's token, whose answer is everyone's; `scope`: the one part of the service it shows.
   */
  callKeyOf(
    req: Request,
    call: string,
    service: string,
    caller: boolean,
    scope: string | null = null,
  ): Keyed | undefined {
    if (!this.changes.heard || req.headers['cache-control']?.includes('no-cache')) return undefined;
    const who = callerOf(caller ? req.tcSession : undefined);
    return {
      key: `call\n${who}\n${service}\n${call}`,
      services: [service],
      scope,
      everyone: who === EVERYONE,
      ageless: keptReadOf(call)?.ageless ?? false,
    };
  }

  /**
   * The kept answer for `key`, if none of its services changed since it was loaded. `loads`:
   * a miss is loaded from one service; false for a visitor's composed page, whose halves'
   * lookups then count what they spare or ask.
   */
  find(key: string, loads = true): KeptAnswer | undefined {
    const entry = this.cache.get(key);
    if (entry && this.changes.current(entry.services, entry.stamps, entry.scope)) {
      this.served += 1;
      return entry.answer;
    }
    if (loads) this.loaded += 1;
    return undefined;
  }

  /**
   * A load of `key` begins: where its services stand, when its answer is worth keeping. A
   * caller's own answer is kept from its key's second load on: a read asked once in a while
   * (one member's view of one business among thousands) is not copied, kept and pushed out
   * again, which cost more than it saved and filled the old generation of the heap. An answer
   * that is `everyone`'s is kept from its first load: any visitor's next read is served by it,
   * and with 2,000 groups read a few times each, loading each twice was most of their reads'
   * cost (docs/performance.md, "Twenty-ninth session").
   */
  begin(keyed: Keyed): Keeping | undefined {
    const { key, everyone } = keyed;
    if (!everyone && !this.asked.has(key)) {
      this.asked.set(key, true);
      return undefined;
    }
    return { ...keyed, stamps: this.changes.stampOf(keyed.services) };
  }

  /**
   * Keeps a load's answer, a 200, when nothing changed meanwhile. The services' `no-store` on
   * a signed-in answer speaks to caches shared between people; these are kept per caller.
   */
  keep(keeping: Keeping, answer: KeptAnswer): void {
    if (answer.status !== 200 || answer.body.length > this.maxAnswerBytes) return;
    const { key, services, scope, stamps } = keeping;
    if (!this.changes.current(services, stamps, scope)) return;
    const ttl = staggeredTtl(keeping.ageless ? this.agelessTtlMs : this.ttlMs);
    this.cache.set(key, { answer, services, scope, stamps }, { ttl });
  }

  /** Answers and body bytes held now. */
  get size(): { answers: number; bytes: number } {
    return { answers: this.cache.size, bytes: this.cache.calculatedSize };
  }

  private reset(): void {
    this.cache.clear();
    this.asked.clear();
  }
}
