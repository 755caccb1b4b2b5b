/**
 * Catalog's advisory-lock classes: one writer per business (scores) and per author
 * (verification). Taken authors first, then businesses, each in ascending order. Shared with
 * `npm run reconcile`, whose repairs must take the same locks; no imports, so Node can load it
 * from the scripts as it is.
 */
export const BUSINESS_LOCK = 41_001;
export const AUTHOR_LOCK = 41_002;
