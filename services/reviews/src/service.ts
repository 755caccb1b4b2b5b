import type { ServiceDefinition } from '@trustcircle/service-kit';
import { migrations, scopedTables } from '../migrations';
import { createReviewsApp } from './app';
import { ReviewsEnvSchema, type ReviewsConfig } from './config';

export const reviewsService: ServiceDefinition<ReviewsConfig> = {
  name: 'reviews',
  defaultPort: 4004,
  envSchema: ReviewsEnvSchema,
  migrations,
  // An upload (and the sweeper's removal of one never used) shows in no kept read: a review's
  // card carries its photos' names, announced with the review. Announced, each upload ended
  // every kept page of reviews here and in every gateway.
  quietTables: ['photos'],
  scopedTables,
  createApp: createReviewsApp,
};
