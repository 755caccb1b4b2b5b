import type { Migration } from '@trustcircle/service-kit';
import { createUsers } from './001_users';

export const migrations: Migration[] = [createUsers];
