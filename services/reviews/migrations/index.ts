import { eventMigrations, type Migration, type ScopedTable } from '@trustcircle/service-kit';
import { createProjections } from './001_projections';
import { createReviews } from './002_reviews';
import { createPhotos } from './003_photos';
import { createReviewCards } from './004_review_cards';
import { createHelpfulVote } from './005_helpful_vote';
import { createVotesByUser } from './006_votes_by_user';
import { createModeration } from './008_moderation';
import { createVotesInDomain } from './009_votes_in_domain';
import { createPhotosByOwner } from './010_photos_by_owner';
import { createAuthorVerifiedAt } from './011_author_verified_at';
import { createEmailConfirmedStanding } from './012_email_confirmed_standing';
import { createFormerMembers } from './013_former_members';
import { createEditedAt } from './014_edited_at';
import { createFollows } from './015_follows';
import { createReplies } from './016_replies';
import { createScopedChangeNotices } from './017_scoped_change_notices';
import { createScopedReportsAndVoteKeys } from './018_scoped_reports_and_vote_keys';
import { createBusinessReviewsByTime } from './019_business_reviews_by_time';
import { keepReviewCardPlans } from './020_review_card_plans_kept';
import { createFeedRecentTags } from './021_feed_recent_tags';
import { announceOwnedRows, BUSINESS_TABLES } from './022_owned_rows_deleted_quietly';

/** Reviews publishes (outbox) and consumes (inbox) events. */
export const migrations: Migration[] = [
  createProjections,
  createReviews,
  createPhotos,
  ...eventMigrations,
  createReviewCards,
  createHelpfulVote,
  createVotesByUser,
  createModeration,
  createVotesInDomain,
  createPhotosByOwner,
  createAuthorVerifiedAt,
  createEmailConfirmedStanding,
  createFormerMembers,
  createEditedAt,
  createFollows,
  createReplies,
  createScopedChangeNotices,
  createScopedReportsAndVoteKeys,
  createBusinessReviewsByTime,
  keepReviewCardPlans,
  createFeedRecentTags,
  announceOwnedRows,
];

/** The tables announced by business (017, 018, 022): the service's start keeps them so. */
export const scopedTables: readonly ScopedTable[] = BUSINESS_TABLES;
