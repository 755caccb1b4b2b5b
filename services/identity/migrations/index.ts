import {
  outboxMigration,
  outboxTakeMigration,
  outboxTraceMigration,
  type Migration,
} from '@trustcircle/service-kit';
import { createUsers } from './001_users';
import { oneAccountPerIdentity } from './002_one_account_per_identity';
import { addRoles } from './003_roles';
import { accountMail } from './004_account_mail';
import { emailChange } from './005_email_change';
import { peopleSearch } from './006_people_search';
import { peopleWordsOfChangedText } from './007_people_words_of_changed_text';

/** Identity publishes events (outbox) and consumes none, so it has no inbox. */
export const migrations: Migration[] = [
  createUsers,
  outboxMigration,
  // Right after the outbox: 002's data migration publishes through today's publish(), which
  // writes the trace columns (installs that ran 002 before it get it as a pending migration).
  outboxTraceMigration,
  oneAccountPerIdentity,
  addRoles,
  accountMail,
  emailChange,
  peopleSearch,
  peopleWordsOfChangedText,
  outboxTakeMigration,
];
