import { eventMigrations, type Migration } from '@trustcircle/service-kit';
import { createGroups } from './001_groups';
import { createProjections } from './002_projections';
import { groupSearch } from './003_group_search';
import { usersByUsername } from './004_users_by_username';
import { groupWordsOfChangedText } from './005_group_words_of_changed_text';

/** Communities publishes (outbox) and consumes (inbox) events. */
export const migrations: Migration[] = [
  createGroups,
  createProjections,
  ...eventMigrations,
  groupSearch,
  usersByUsername,
  groupWordsOfChangedText,
];
