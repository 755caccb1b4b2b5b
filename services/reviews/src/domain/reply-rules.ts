import {
  REPLY_EXISTS,
  REPLY_NOT_FOUND,
  REPLY_NOT_YOURS,
  REPLY_OWNERS_ONLY,
  REVIEW_NOT_FOUND,
} from '@trustcircle/contracts';

export type ReplyOperation = 'write' | 'edit' | 'delete';

export interface ReplyState {
  /** The review exists and is published (held and removed reviews take no reply). */
  reviewVisible: boolean;
  /** The member owns the review's business. */
  isOwner: boolean;
  /** Who wrote the review's live reply; null when it has none. */
  replyBy: number | null;
}

export type ReplyRefusal = { status: 403 | 404 | 409; message: string };

/**
 * Who may write, edit or delete a review's one reply: an owner of the business writes it while
 * there is none; only its writer changes or deletes it. Null means allowed.
 */
export function replyRefusal(
  op: ReplyOperation,
  userId: number,
  state: ReplyState,
): ReplyRefusal | null {
  if (!state.reviewVisible) return { status: 404, message: REVIEW_NOT_FOUND };
  if (op === 'write') {
    if (!state.isOwner) return { status: 403, message: REPLY_OWNERS_ONLY };
    if (state.replyBy !== null) return { status: 409, message: REPLY_EXISTS };
    return null;
  }
  if (state.replyBy === null) return { status: 404, message: REPLY_NOT_FOUND };
  if (state.replyBy !== userId) return { status: 403, message: REPLY_NOT_YOURS };
  return null;
}
