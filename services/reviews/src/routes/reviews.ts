import {
  FeedQuerySchema,
  CreateReviewRequestSchema,
  IdempotencyKeyHeaderSchema,
  ReportReviewRequestSchema,
  ReviewListQuerySchema,
  SuggestedPeopleQuerySchema,
  UpdateReviewRequestSchema,
  UserReviewsQuerySchema,
  REVIEW_WRITTEN_AT_HEADER,
} from '@trustcircle/contracts';
import {
  currentUserId,
  hasRole,
  parseBody,
  parseIdParam,
  parseQuery,
  parseWith,
  requireUser,
  businessScope,
  changedOnly,
  sendJsonText,
  sendJsonTextPage,
} from '@trustcircle/service-kit';
import { Router, type Request, type Response } from 'express';
import { writtenAt } from '../domain/backdating';
import type { ReviewPage, Reviews } from '../domain/reviews';
import type { VoteOutcome, Votes } from '../domain/votes';

const viewer = (req: Request) => req.auth?.userId ?? null;

/** Lists are personal (`hasVoted`): never cached by anything in between. */
export function sendReviewPage(res: Response, page: ReviewPage): void {
  res.set('Cache-Control', 'private, no-store');
  sendJsonTextPage(res, page);
}

const reviewId = (req: Request) => parseIdParam(req, 'id', 'Review not found');

/**
 * `/api/reviews/**`. `allowBackdating` (ALLOW_BACKDATED_REVIEWS, development only) lets a new
 * review carry the date it was written (domain/backdating.ts).
 */
export function reviewRoutes(
  reviews: Reviews,
  votes: Votes,
  options: { allowBackdating?: boolean } = {},
): Router {
  const { allowBackdating = false } = options;
  const router = Router();

  /**
   * A write that changed one business's reviews alone: what is kept of other businesses, here
   * and in the gateway, stays.
   */
  const changedBusinessOnly = (res: Response, businessId: number) => {
    const part = businessScope(businessId);
    if (part !== null) changedOnly(res, [part]);
  };

  /** A vote changes its review's business (nothing, when it was cast already). */
  const sendVote = (res: Response, { answer, changedBusiness }: VoteOutcome) => {
    if (changedBusiness === null) changedOnly(res, []);
    else changedBusinessOnly(res, changedBusiness);
    res.json(answer);
  };

  router.post('/', requireUser, async (req, res) => {
    const input = parseBody(CreateReviewRequestSchema, req);
    const at = writtenAt(req.get(REVIEW_WRITTEN_AT_HEADER), allowBackdating);
    const review = await reviews.create(currentUserId(req), input, at);
    changedBusinessOnly(res, input.businessId);
    sendJsonText(res.status(201), review);
  });

  router.get('/feed', requireUser, async (req, res) => {
    sendReviewPage(res, await reviews.feed(currentUserId(req), parseQuery(FeedQuerySchema, req)));
  });

  router.get('/user', requireUser, async (req, res) => {
    const query = parseQuery(UserReviewsQuerySchema, req);
    sendReviewPage(res, await reviews.byUser(currentUserId(req), query));
  });

  router.get('/user/summary', requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await reviews.summary(currentUserId(req)));
  });

  router.get('/people-to-follow', requireUser, async (req, res) => {
    const { limit } = parseQuery(SuggestedPeopleQuerySchema, req);
    res.json(await reviews.peopleToFollow(currentUserId(req), limit));
  });

  router.get('/:id', async (req, res) => {
    // Author and moderators see held and removed reviews: never cached by anything in between.
    res.set('Cache-Control', 'private, no-store');
    sendJsonText(res, await reviews.get(reviewId(req), viewer(req), hasRole(req, 'moderator')));
  });

  router.patch('/:id', requireUser, async (req, res) => {
    const id = reviewId(req);
    const input = parseBody(UpdateReviewRequestSchema, req);
    const { review, businessId } = await reviews.update(currentUserId(req), id, input);
    changedBusinessOnly(res, businessId);
    sendJsonText(res, review);
  });

  router.delete('/:id', requireUser, async (req, res) => {
    const id = reviewId(req);
    changedBusinessOnly(res, await reviews.remove(currentUserId(req), id));
    res.status(204).end();
  });

  router.post('/:id/helpful', requireUser, async (req, res) => {
    const id = reviewId(req);
    const headers = parseWith(IdempotencyKeyHeaderSchema, {
      'Idempotency-Key': req.get('Idempotency-Key'),
    });
    sendVote(res, await votes.toggle(currentUserId(req), id, headers['Idempotency-Key']));
  });

  router.put('/:id/helpful', requireUser, async (req, res) => {
    sendVote(res, await votes.set(currentUserId(req), reviewId(req)));
  });

  router.delete('/:id/helpful', requireUser, async (req, res) => {
    sendVote(res, await votes.unset(currentUserId(req), reviewId(req)));
  });

  // A report, and the hold it may bring, change its review's business alone.
  router.post('/:id/report', requireUser, async (req, res) => {
    const id = reviewId(req);
    const input = parseBody(ReportReviewRequestSchema, req);
    const { report, businessId } = await reviews.report(currentUserId(req), id, input);
    changedBusinessOnly(res, businessId);
    res.status(201).json(report);
  });

  return router;
}

/**
 * `/api/groups/{id}/reviews`, `/api/businesses/{id}/reviews` and `/api/users/{username}/reviews`
 * (the gateway routes them here).
 */
export function listRoutes(reviews: Reviews): Router {
  const router = Router();

  router.get('/groups/:id/reviews', async (req, res) => {
    const id = parseIdParam(req, 'id', 'Group not found');
    sendReviewPage(
      res,
      await reviews.byGroup(id, parseQuery(ReviewListQuerySchema, req), viewer(req)),
    );
  });

  router.get('/users/:username/review-stats', async (req, res) => {
    res.json(await reviews.statsOf(String(req.params.username)));
  });

  router.get('/users/:username/reviews', async (req, res) => {
    const query = parseQuery(ReviewListQuerySchema, req);
    sendReviewPage(res, await reviews.byUsername(String(req.params.username), query, viewer(req)));
  });

  router.get('/businesses/:id/reviews', async (req, res) => {
    const id = parseIdParam(req, 'id', 'Business not found');
    sendReviewPage(
      res,
      await reviews.byBusiness(id, parseQuery(ReviewListQuerySchema, req), viewer(req)),
    );
  });

  return router;
}
