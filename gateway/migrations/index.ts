import type { Migration } from '@trustcircle/service-kit';
import { createSessions } from './001_sessions';

export const migrations: Migration[] = [createSessions];
