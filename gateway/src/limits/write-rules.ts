/**
 * Which writes are limited, how much, and what the 429 says (docs/security.md, "Limits").
 * Every value is an env variable `LIMIT_<NAME>_PER_ACCOUNT|PER_IP|WINDOW_SECONDS`.
 */
export interface LimitDefault {
  perAccount: number;
  perIp: number;
  windowSeconds: number;
}

const HOUR = 3600;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;

export const WRITE_LIMIT_DEFAULTS = {
  REVIEWS: { perAccount: 20, perIp: 100, windowSeconds: HOUR },
  VOTES: { perAccount: 300, perIp: 1500, windowSeconds: HOUR },
  REPORTS: { perAccount: 20, perIp: 100, windowSeconds: HOUR },
  GROUPS: { perAccount: 5, perIp: 25, windowSeconds: DAY },
  MEMBERSHIPS: { perAccount: 60, perIp: 300, windowSeconds: HOUR },
  /** Follow and unfollow: each follow can notify someone, so it must not become a spam tool. */
  FOLLOWS: { perAccount: 100, perIp: 500, windowSeconds: HOUR },
  BUSINESSES: { perAccount: 10, perIp: 50, windowSeconds: DAY },
  /** Claims land in the moderators' queue: few are ever needed. */
  CLAIMS: { perAccount: 5, perIp: 25, windowSeconds: DAY },
  /** An owner's replies (write, edit, delete): each new one notifies a review's author. */
  REPLIES: { perAccount: 60, perIp: 300, windowSeconds: HOUR },
  PHOTOS: { perAccount: 30, perIp: 150, windowSeconds: HOUR },
  PHOTO_BYTES: { perAccount: 100 * MB, perIp: 500 * MB, windowSeconds: HOUR },
  OTHER_WRITES: { perAccount: 120, perIp: 600, windowSeconds: HOUR },
  /**
   * Requests that send a mail (reset, confirmation and e-mail change links): inboxes are not
   * ours to fill.
   */
  ACCOUNT_MAIL: { perAccount: 10, perIp: 30, windowSeconds: HOUR },
  /** Data exports: a read, but one that asks every service for everything about a member. */
  EXPORTS: { perAccount: 5, perIp: 20, windowSeconds: HOUR },
} satisfies Record<string, LimitDefault>;

export type WriteLimitName = keyof typeof WRITE_LIMIT_DEFAULTS;
export const WRITE_LIMIT_NAMES = Object.keys(WRITE_LIMIT_DEFAULTS) as WriteLimitName[];
export type WriteLimits = Record<WriteLimitName, LimitDefault>;

/** The start of each 429 message; "Try again in …" follows. */
export const WRITE_LIMIT_MESSAGES: Record<WriteLimitName, string> = {
  REVIEWS: 'You are writing reviews faster than we allow.',
  VOTES: 'You are voting on reviews faster than we allow.',
  REPORTS: 'You are reporting reviews faster than we allow.',
  GROUPS: 'You are creating groups faster than we allow.',
  MEMBERSHIPS: 'You are joining and leaving groups faster than we allow.',
  FOLLOWS: 'You are following and unfollowing people faster than we allow.',
  BUSINESSES: 'You are adding businesses faster than we allow.',
  CLAIMS: 'You are claiming businesses faster than we allow.',
  REPLIES: 'You are replying to reviews faster than we allow.',
  PHOTOS: 'You are uploading photos faster than we allow.',
  PHOTO_BYTES: 'You have uploaded more photo data than we allow for now.',
  OTHER_WRITES: 'You are making changes faster than we allow.',
  ACCOUNT_MAIL: 'You have asked for many emails.',
  EXPORTS: 'You have downloaded your data several times already.',
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Rule {
  name: WriteLimitName;
  methods: Method[];
  path: RegExp;
}

/** Paths relative to `/api`, canonical (see canonicalPath); first match wins. */
const RULES: Rule[] = [
  { name: 'VOTES', methods: ['POST', 'PUT', 'DELETE'], path: /^\/reviews\/[^/]+\/helpful$/ },
  { name: 'REPORTS', methods: ['POST'], path: /^\/reviews\/[^/]+\/reports?$/ },
  { name: 'REVIEWS', methods: ['POST'], path: /^\/reviews$/ },
  { name: 'REVIEWS', methods: ['PUT', 'PATCH'], path: /^\/reviews\/[^/]+$/ },
  { name: 'GROUPS', methods: ['POST'], path: /^\/groups$/ },
  { name: 'MEMBERSHIPS', methods: ['POST'], path: /^\/groups(\/[^/]+)?\/(join|leave)$/ },
  { name: 'FOLLOWS', methods: ['POST', 'DELETE'], path: /^\/users\/[^/]+\/follow$/ },
  { name: 'BUSINESSES', methods: ['POST'], path: /^\/businesses$/ },
  { name: 'CLAIMS', methods: ['POST'], path: /^\/businesses\/[^/]+\/claims$/ },
  { name: 'REPLIES', methods: ['POST', 'PATCH', 'DELETE'], path: /^\/reviews\/[^/]+\/reply$/ },
  { name: 'PHOTOS', methods: ['POST'], path: /^\/photos$/ },
  { name: 'EXPORTS', methods: ['GET'], path: /^\/user\/export$/ },
  {
    name: 'ACCOUNT_MAIL',
    methods: ['POST'],
    path: /^\/(password\/forgot|user\/email\/confirmation|user\/email)$/,
  },
];

/** Limited by their own rules in the session routes (sign-in, sign-up) or harmless (sign-out). */
const SESSION_PATHS = new Set(['/login', '/register', '/logout']);

/**
 * Express matches routes case-insensitively and ignores a trailing slash, so a limit keyed on
 * the literal path could be sidestepped by `/Reviews/` or `//reviews`.
 */
export function canonicalPath(path: string): string {
  const collapsed = path.toLowerCase().replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The limit a request under `/api` spends on, or null for reads (exports excepted) and the
 * session routes.
 */
export function writeLimitFor(method: string, apiPath: string): WriteLimitName | null {
  const path = canonicalPath(apiPath);
  if (SESSION_PATHS.has(path)) return null;
  const rule = RULES.find((r) => r.methods.includes(method as Method) && r.path.test(path));
  if (rule) return rule.name;
  return SAFE_METHODS.has(method) ? null : 'OTHER_WRITES';
}
