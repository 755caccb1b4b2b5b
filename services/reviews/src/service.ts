import type { ServiceDefinition } from '@trustcircle/service-kit';
import { migrations } from '../migrations';
import { createReviewsApp } from './app';
import { ReviewsEnvSchema, type ReviewsConfig } from './config';

export const reviewsService: ServiceDefinition<ReviewsConfig> = {
  name: 'reviews',
  defaultPort: 4004,
  envSchema: ReviewsEnvSchema,
  migrations,
  createApp: createReviewsApp,
};
