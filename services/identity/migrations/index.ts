import { outboxMigration, outboxTraceMigration, type Migration } from '@trustcircle/service-kit';
import { createUsers } from './001_users';
import { oneAccountPerIdentity } from './002_one_account_per_identity';
import { addRoles } from './003_roles';
import { accountMail } from './004_account_mail';
import { emailChange } from './005_email_change';

/** Identity publishes events (outbox) and consumes none, so it has no inbox. */
export const migrations: Migration[] = [
  createUsers,
  outboxMigration,
  oneAccountPerIdentity,
  addRoles,
  accountMail,
  emailChange,
  outboxTraceMigration,
];
