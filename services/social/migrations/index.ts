import { eventMigrations, type Migration } from '@trustcircle/service-kit';
import { createSocial } from './001_social';
import { createNotifications } from './002_notifications';

/** Social publishes (outbox) and consumes (inbox) events. */
export const migrations: Migration[] = [createSocial, createNotifications, ...eventMigrations];
