/**
 * Which top-level sections of the site each remote frontend answers (design §7). The shell must
 * know them without loading the remote (a remote that is down shows its panel there, not a
 * 404), and the gateway hints a page's remote to the browser with the page itself. The remote's
 * own `./routes` table says which pages it has under them and who may open each.
 */
export const REMOTE_SECTIONS: Readonly<Record<string, readonly string[]>> = {
  groups: ['/groups'],
  business: [
    '/explore',
    '/category',
    '/trending',
    '/reviews',
    '/business',
    '/write-review',
    '/report',
    '/moderation',
  ],
};

/** The remote whose section `pathname` is in, if any (case-insensitive, as the router is). */
export function remoteOfPath(pathname: string): string | undefined {
  const path = pathname.toLowerCase();
  return Object.keys(REMOTE_SECTIONS).find((name) =>
    REMOTE_SECTIONS[name]?.some((section) => path === section || path.startsWith(`${section}/`)),
  );
}

/** The business page's read (design §2): the business, its scores and first reviews. */
export function businessReadPath(id: number | string): string {
  // Encoded: the id comes from the address bar, and `..%2Fuser` must not read another path.
  return `/api/businesses/${encodeURIComponent(String(id))}`;
}

/**
 * The read a page starts with, where the gateway hints it with the page's HTML so it is under
 * way before the page's code has run: the business page's composed answer (design §2), for the
 * ids the composed route takes.
 */
export function firstReadOf(pathname: string): string | undefined {
  const id = businessPageId(pathname);
  return id === undefined ? undefined : businessReadPath(id);
}

/** The business's id when `pathname` is its page, for the ids the composed read takes. */
export function businessPageId(pathname: string): string | undefined {
  return /^\/business\/(\d{1,10})\/?$/i.exec(pathname)?.[1];
}

/**
 * The candidate whose route pattern (`/business/:id`) React Router would choose for `pathname`,
 * and its params: whole segments, case-insensitive, static segments before `:params`, params
 * decoded as the router decodes them. Both the shell (to preload the page it is about to show)
 * and the gateway (to hint that page's files) must choose as the router does.
 */
export function bestRoute<T>(
  candidates: Iterable<T>,
  patternOf: (candidate: T) => string,
  pathname: string,
): { candidate: T; params: Record<string, string> } | undefined {
  const wanted = pathname.split('/').filter(Boolean);
  let best: { candidate: T; params: Record<string, string>; statics: number } | undefined;
  for (const candidate of candidates) {
    const pattern = patternOf(candidate).split('/').filter(Boolean);
    if (pattern.length !== wanted.length) continue;
    const params: Record<string, string> = {};
    let statics = 0;
    const fits = pattern.every((part, i) => {
      const segment = wanted[i]!;
      if (part.startsWith(':')) {
        params[part.slice(1)] = safeDecode(segment);
        return true;
      }
      statics += 1;
      return part.toLowerCase() === segment.toLowerCase();
    });
    if (fits && (!best || statics > best.statics)) best = { candidate, params, statics };
  }
  return best && { candidate: best.candidate, params: best.params };
}

/** As React Router decodes a param; a malformed escape is left as it is. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

let numbers: Intl.NumberFormat | undefined;

/**
 * "1,234": a count as people read it, in the browser and in the pages the gateway paints.
 * Whole numbers without Intl: building the first NumberFormat loads ICU's locale data, about
 * 100 ms of a phone's first load.
 */
export function formatCount(n: number): string {
  if (Number.isSafeInteger(n)) return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
  return (numbers ??= new Intl.NumberFormat('en-US')).format(n);
}

/** "1 member", "2 members", "0 reviews" (a count with its noun in the right number). */
export function countLabel(count: number, singular: string, pluralForm = `${singular}s`): string {
  const n = Number.isFinite(count) ? count : 0;
  return `${formatCount(n)} ${n === 1 ? singular : pluralForm}`;
}

/** What a person is called on screen: their name, else their username. */
export function displayName(user: { name?: string | null; username: string }): string {
  return user.name?.trim() || user.username;
}

/**
 * The signed-in home's hero (spec §2): the shell draws it, and the gateway paints it with the
 * page's HTML before any script has run (gateway/src/home-head.ts).
 */
export const HOME_HERO = {
  greeting: (name: string) => `Hello, ${name}`,
  lead: 'Discover what your communities recommend today.',
} as const;

/** The landing's hero (spec §2), for a visitor at `/`: drawn by the shell, painted by the gateway. */
export const LANDING_HERO = {
  eyebrow: 'Community-driven reviews',
  title: 'Reviews you can trust, from people like you',
  lead: 'Find businesses rated by communities that share your interests — and see a trust score for every one of them.',
} as const;
