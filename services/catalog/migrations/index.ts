import { eventMigrations, type Migration } from '@trustcircle/service-kit';
import { createCatalog } from './001_catalog';

/** Catalog publishes (outbox) and consumes (inbox) events. */
export const migrations: Migration[] = [createCatalog, ...eventMigrations];
