import { eventMigrations, type Migration } from '@trustcircle/service-kit';
import { createSocial } from './001_social';
import { createNotifications } from './002_notifications';
import { createBusinesses } from './003_businesses';

/** Social publishes (outbox) and consumes (inbox) events. */
export const migrations: Migration[] = [
  createSocial,
  createNotifications,
  ...eventMigrations,
  createBusinesses,
];
