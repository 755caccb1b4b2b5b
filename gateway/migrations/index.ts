import type { Migration } from '@trustcircle/service-kit';
import { createSessions } from './001_sessions';
import { createRateLimits } from './002_rate_limits';
import { createTrustedDevices } from './003_trusted_devices';
import { addSessionRoles } from './005_session_roles';
import { addSessionPublicIds } from './006_session_public_ids';
import { unlogRateLimits } from './007_rate_limits_unlogged';

export const migrations: Migration[] = [
  createSessions,
  createRateLimits,
  createTrustedDevices,
  addSessionRoles,
  addSessionPublicIds,
  unlogRateLimits,
];
