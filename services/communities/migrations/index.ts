import { eventMigrations, type Migration } from '@trustcircle/service-kit';
import { createGroups } from './001_groups';
import { createProjections } from './002_projections';
import { groupSearch } from './003_group_search';

/** Communities publishes (outbox) and consumes (inbox) events. */
export const migrations: Migration[] = [
  createGroups,
  createProjections,
  ...eventMigrations,
  groupSearch,
];
