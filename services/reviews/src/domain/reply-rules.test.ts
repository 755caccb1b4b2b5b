import {
  REPLY_EXISTS,
  REPLY_NOT_FOUND,
  REPLY_NOT_YOURS,
  REPLY_OWNERS_ONLY,
  REVIEW_NOT_FOUND,
} from '@trustcircle/contracts';
import { replyRefusal, type ReplyState } from './reply-rules';

const OWNER = 7;
const state = (over: Partial<ReplyState> = {}): ReplyState => ({
  reviewVisible: true,
  isOwner: true,
  replyBy: null,
  ...over,
});

describe('replyRefusal', () => {
  it('lets an owner write the first reply', () => {
    expect(replyRefusal('write', OWNER, state())).toBeNull();
  });

  it('refuses members who do not own the business, and a second reply', () => {
    expect(replyRefusal('write', 8, state({ isOwner: false }))).toEqual({
      status: 403,
      message: REPLY_OWNERS_ONLY,
    });
    expect(replyRefusal('write', OWNER, state({ replyBy: 9 }))).toEqual({
      status: 409,
      message: REPLY_EXISTS,
    });
  });

  it('hides held, removed and unknown reviews behind a 404 for every operation', () => {
    for (const op of ['write', 'edit', 'delete'] as const) {
      expect(replyRefusal(op, OWNER, state({ reviewVisible: false, replyBy: OWNER }))).toEqual({
        status: 404,
        message: REVIEW_NOT_FOUND,
      });
    }
  });

  it('lets only the reply’s writer edit or delete it', () => {
    for (const op of ['edit', 'delete'] as const) {
      expect(replyRefusal(op, OWNER, state({ replyBy: OWNER }))).toBeNull();
      expect(replyRefusal(op, OWNER, state({ replyBy: 9 }))).toEqual({
        status: 403,
        message: REPLY_NOT_YOURS,
      });
      expect(replyRefusal(op, OWNER, state())).toEqual({ status: 404, message: REPLY_NOT_FOUND });
    }
  });

  it('lets the writer change their reply even if they no longer own the business', () => {
    expect(replyRefusal('edit', OWNER, state({ isOwner: false, replyBy: OWNER }))).toBeNull();
  });
});
