import type { ServiceDefinition } from '@trustcircle/service-kit';
import { migrations } from '../migrations';
import { createCommunitiesApp } from './app';
import { CommunitiesEnvSchema, type CommunitiesConfig } from './config';

export const communitiesService: ServiceDefinition<CommunitiesConfig> = {
  name: 'communities',
  defaultPort: 4002,
  envSchema: CommunitiesEnvSchema,
  migrations,
  createApp: createCommunitiesApp,
};
