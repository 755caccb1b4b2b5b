import type { ServiceDefinition } from '@trustcircle/service-kit';
import { migrations } from '../migrations';
import { createIdentityApp } from './app';
import { IdentityEnvSchema, type IdentityConfig } from './config';

export const identityService: ServiceDefinition<IdentityConfig> = {
  name: 'identity',
  defaultPort: 4001,
  envSchema: IdentityEnvSchema,
  migrations,
  // No one keeps answers from identity (accounts): its commits need wake no LISTENer.
  announcesChanges: false,
  createApp: createIdentityApp,
};
