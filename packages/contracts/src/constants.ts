/**
 * Plain values of the contracts the browser needs from its first screen (the header's bell and
 * its live stream, the moderators-only notice), apart from their schemas: importing them from
 * here keeps zod and the schemas out of the first load (about 45 kB of gzipped JavaScript).
 * Each is re-exported by its domain's module.
 */

/** Moderation's notices. */
export const REVIEW_HELD_NOTICE = 'Hidden pending review';
export const REVIEW_REMOVED_NOTICE = 'Removed by a moderator';
export const UNUSUAL_ACTIVITY_NOTICE = 'Unusual review activity';
export const MODERATORS_ONLY = 'Only moderators can do that';
export const MODERATION_REASON_REQUIRED = 'Please give a reason for removing this review';
export const APPEAL_ALREADY_MADE = 'You have already appealed this decision';
export const APPEAL_NOT_POSSIBLE = 'Only a held or removed review can be appealed';
export const NOT_IN_QUEUE = 'This review is not waiting for a decision';
export const APPEAL_NOT_AUTHOR = 'Only the author can appeal this decision';

/** The SSE event name of a new notification on `GET /api/notifications/stream`. */
export const NOTIFICATION_STREAM_EVENT = 'notification';
