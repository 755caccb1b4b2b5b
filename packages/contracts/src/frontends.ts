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

/**
 * The read a page starts with, where the gateway hints it with the page's HTML so it is under
 * way before the page's code has run: the business page's composed answer (design §2), for the
 * ids the composed route takes.
 */
export function firstReadOf(pathname: string): string | undefined {
  const id = /^\/business\/(\d{1,10})\/?$/i.exec(pathname)?.[1];
  return id === undefined ? undefined : `/api/businesses/${id}`;
}
