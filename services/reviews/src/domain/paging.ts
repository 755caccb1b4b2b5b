import type { ReviewSort } from '@trustcircle/contracts';
import { cursorCodec, cursorId, type CursorCodec } from '@trustcircle/service-kit';
import { z } from 'zod';

/** Review lists (feeds, a business's or group's reviews, mine), newest first: after the last id. */
export const reviewCursor = cursorCodec('reviews', z.object({ id: cursorId }));

/** The moderation log, newest first. */
export const moderationLogCursor = cursorCodec('moderation-log', z.object({ id: cursorId }));

/** The moderation queue: report weight (descending), then order of queueing (a bigint). */
export const moderationQueueCursor = cursorCodec(
  'moderation-queue',
  z.object({ weight: z.number().min(0).max(1_000_000), seq: z.string().regex(/^[1-9]\d{0,17}$/) }),
);

const rating = z.number().int().min(1).max(5);

/** A business's or group's sorted reviews: each sort's cursor holds that sort's keys. */
export const sortedReviewCursors: Record<ReviewSort, CursorCodec<ListKeys>> = {
  newest: reviewCursor,
  highest: cursorCodec('reviews-highest', z.object({ rating, id: cursorId })),
  lowest: cursorCodec('reviews-lowest', z.object({ rating, id: cursorId })),
  relevant: cursorCodec(
    'reviews-relevant',
    z.object({ offset: z.number().int().min(0).max(1_000_000) }),
  ),
};

/** The keys a sorted list's cursor may carry. */
export interface ListKeys {
  id?: number;
  rating?: number;
  offset?: number;
}
