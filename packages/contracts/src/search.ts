import { z } from 'zod';
import { BusinessSummarySchema } from './catalog';
import { PageQuerySchema, TotalFlagSchema } from './common';
import { GroupSchema } from './communities';
import type { ApiOperation } from './operation';

/**
 * Search that forgives (issue 17) across businesses, groups and people: every word must match in
 * any order, the last one as a prefix, accents and case ignored, one typo per word of 4+ letters.
 */

export const SEARCH_TEXT_MAX = 200;
export const SUGGEST_TEXT_MAX = 100;
/** Matches of each kind in the top bar's suggestions. */
export const SUGGEST_LIMIT = 5;

const searchText = z
  .string()
  .max(SEARCH_TEXT_MAX, `search must be at most ${SEARCH_TEXT_MAX} characters`)
  .optional();

/** `GET /api/groups`: every group, or those matching `search` (ranked); `joined=false` leaves out mine. */
export const GroupListQuerySchema = PageQuerySchema.extend({
  search: searchText,
  joined: z.enum(['false'], { error: 'joined can only be false' }).optional(),
  total: TotalFlagSchema,
});
export type GroupListQuery = z.infer<typeof GroupListQuerySchema>;

/** `GET /api/groups/user`: my groups, optionally only those matching `search`. */
export const MyGroupsQuerySchema = PageQuerySchema.extend({
  search: searchText,
  total: TotalFlagSchema,
});
export type MyGroupsQuery = z.infer<typeof MyGroupsQuerySchema>;

/** `GET /api/people?search=`: people by name or username; the text is required. */
export const PeopleQuerySchema = PageQuerySchema.extend({
  search: z
    .string({ error: 'search is required' })
    .trim()
    .min(1, 'search is required')
    .max(SEARCH_TEXT_MAX, `search must be at most ${SEARCH_TEXT_MAX} characters`),
  total: TotalFlagSchema,
});
export type PeopleQuery = z.infer<typeof PeopleQuerySchema>;

/** What anyone may know of a member: the fields a review's author shows. */
export const PersonSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
});
export type PersonSummary = z.infer<typeof PersonSummarySchema>;
export const PeopleListSchema = z.array(PersonSummarySchema);

/** `GET /api/search/suggest?q=`. */
export const SuggestQuerySchema = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'q is required')
    .max(SUGGEST_TEXT_MAX, `q must be at most ${SUGGEST_TEXT_MAX} characters`),
});
export type SuggestQuery = z.infer<typeof SuggestQuerySchema>;

export const SEARCH_KINDS = ['businesses', 'groups', 'people'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The top matches of each kind; a kind whose service did not answer is empty and listed. */
export const SuggestionsSchema = z.object({
  query: z.string(),
  businesses: z.array(BusinessSummarySchema),
  groups: z.array(GroupSchema),
  people: z.array(PersonSummarySchema),
  unavailable: z.array(z.enum(SEARCH_KINDS)),
});
export type Suggestions = z.infer<typeof SuggestionsSchema>;

export const searchApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/search/suggest',
    summary:
      'Top 5 businesses, groups and people matching q (forgiving search), composed by the gateway',
    tag: 'search',
    auth: 'optional',
    query: SuggestQuerySchema,
    response: SuggestionsSchema,
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/people',
    summary:
      'People whose name or username matches search (forgiving); ranked, X-Next-Cursor paging',
    tag: 'search',
    auth: 'optional',
    query: PeopleQuerySchema,
    response: PeopleListSchema,
    errors: [400],
  },
];
