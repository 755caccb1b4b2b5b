import type { ServiceDefinition } from '@trustcircle/service-kit';
import { migrations } from '../migrations';
import { createSocialApp } from './app';
import { SocialEnvSchema, type SocialConfig } from './config';

export const socialService: ServiceDefinition<SocialConfig> = {
  name: 'social',
  defaultPort: 4005,
  envSchema: SocialEnvSchema,
  migrations,
  // No one keeps answers from social (notifications, follows and its projections): its commits need wake no LISTENer.
  announcesChanges: false,
  createApp: createSocialApp,
};
