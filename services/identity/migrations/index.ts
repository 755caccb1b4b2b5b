import { outboxMigration, type Migration } from '@trustcircle/service-kit';
import { createUsers } from './001_users';

/** Identity publishes events (outbox) and consumes none, so it has no inbox. */
export const migrations: Migration[] = [createUsers, outboxMigration];
