import { z } from 'zod';
import { PageQuerySchema } from './common';

/**
 * The home feed's scope (issue 17, docs/feeds.md): `groups` (the default, spec §7) is what is
 * shared with your groups plus your own; `all` is the whole community's newest reviews;
 * `following` (issue 18) the reviews of the people you follow.
 */
export const FEED_SCOPES = ['groups', 'all', 'following'] as const;
export type FeedScope = (typeof FEED_SCOPES)[number];

export const FeedQuerySchema = PageQuerySchema.extend({
  scope: z.enum(FEED_SCOPES, { error: 'scope must be groups, all or following' }).default('groups'),
});
export type FeedQuery = z.infer<typeof FeedQuerySchema>;
