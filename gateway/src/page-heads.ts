import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bestRoute } from '@trustcircle/contracts';
import { acceptedCodings } from '@trustcircle/http-server';
import { escapeHtml } from '@trustcircle/service-kit';
import type { Request, Response } from 'express';

/**
 * A page's static head (its title and lead line), painted with the page's HTML before any script
 * has run. A remote's build lists its pages' heads in `page-heads.json` (frontends/
 * page-assets-plugin.js); on a phone the page's own render comes a second or more after the
 * HTML (the shell's scripts, the remote's, then React at 4× CPU), and until then the page showed
 * only the top bar. React replaces `#root` at its first render, so the head is painted twice at
 * the same place, first from here: the page's largest text is on screen with the first paint.
 */
export interface PageHead {
  title: string;
  lead: string;
  /** How the page draws it: a plain page head (groups) or the teal hero band (explore). */
  look: 'page' | 'hero';
}

/** `page-heads.json`: route pattern → head; anything else in it is left out. */
export type PageHeads = Record<string, PageHead>;

/** Where the shell's index.html takes a page's first paint (frontends/shell/public/index.html). */
export const PAGE_HEAD_MARK = '<!--#tc:page-head-->';

const MAX_TEXT = 300;

export function pageHeadsOf(value: unknown): PageHeads {
  const heads: PageHeads = {};
  if (value === null || typeof value !== 'object') return heads;
  for (const [pattern, head] of Object.entries(value as Record<string, unknown>)) {
    const { title, lead, look = 'page' } = (head ?? {}) as Record<string, unknown>;
    if (!pattern.startsWith('/') || typeof title !== 'string' || typeof lead !== 'string') continue;
    if (title.length > MAX_TEXT || lead.length > MAX_TEXT) continue;
    if (look !== 'page' && look !== 'hero') continue;
    heads[pattern] = { title, lead, look };
  }
  return heads;
}

/** The head of the page the router would show at `path`, if its pattern has one. */
export function pageHeadFor(heads: PageHeads, path: string): PageHead | undefined {
  return bestRoute(Object.entries(heads), ([pattern]) => pattern, path)?.candidate[1];
}

/**
 * The markup layout/Frame.tsx and the page's head render: the same boxes, so the texts sit
 * where React will put them (e2e/groups.test.ts and e2e/browse.test.ts compare them). `page`
 * as groups-mfe pages/GroupsList.tsx draws it, `hero` as business-mfe components/SearchHero.tsx.
 */
export function pageHeadHtml(head: PageHead): string {
  const title = escapeHtml(head.title);
  const lead = escapeHtml(head.lead);
  const inner =
    head.look === 'hero'
      ? '<section class="tc-hero text-white"><div class="container-xl py-4 py-md-5">' +
        `<h1 class="h2 fw-bold mb-1">${title}</h1><p class="tc-on-dark-muted mb-3">${lead}</p>` +
        '</div></section>'
      : '<div class="container py-4 py-md-5">' +
        '<div class="d-flex flex-column flex-md-row align-items-md-end justify-content-between gap-3 mb-4">' +
        `<div><h1 class="h2 mb-1">${title}</h1><p class="text-body-secondary mb-0">${lead}</p></div>` +
        '</div></div>';
  return inMain(inner);
}

/** A page's first paint inside the `main` layout/Frame.tsx draws around every page. */
export function inMain(inner: string): string {
  return `<main class="flex-grow-1 tc-main">${inner}</main>`;
}

/** The shell's document with a page's head (markup) at its mark; undefined without a mark. */
export function withPageHead(html: string, markup: string): string | undefined {
  const at = html.indexOf(PAGE_HEAD_MARK);
  if (at < 0) return undefined;
  return html.slice(0, at) + markup + html.slice(at + PAGE_HEAD_MARK.length);
}

/**
 * Sends a document the gateway changed, compressed as the client accepts (a few kB: a fast
 * level costs well under a millisecond), revalidated on every load as the shell's own is; a
 * `personal` one (the member's name in it) for no cache but the browser's.
 */
export function sendPage(req: Request, res: Response, html: string, personal = false): void {
  const coding = acceptedCodings(req)[0];
  let body: Buffer = Buffer.from(html);
  if (coding === 'br') {
    body = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  } else if (coding === 'gzip') {
    body = gzipSync(body, { level: 6 });
  }
  res.status(200);
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', personal ? 'private, no-cache' : 'no-cache');
  res.setHeader('vary', personal ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
  if (coding === 'br' || coding === 'gzip') res.setHeader('content-encoding', coding);
  res.setHeader('content-length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
