/**
 * The paths of the shell's static pages (StaticPages.tsx has their words). Apart, so that the
 * route table knows them without loading the pages: they come in their own chunk when visited.
 */
export const STATIC_PATHS = [
  '/how-it-works',
  '/trust',
  '/help',
  '/privacy',
  '/terms',
  '/contact',
  '/careers',
  '/press',
  '/blog',
] as const;

export type StaticPath = (typeof STATIC_PATHS)[number];
