import { cursorCodec, cursorId } from '@trustcircle/service-kit';
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
